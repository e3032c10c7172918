import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/clock.ts';
import { messages, simulatedSms, users } from '../src/db/schema/index.ts';
import { createMessagesService } from '../src/features/messages/messages.service.ts';
import { createTestApp, type TestApp } from './test-app.ts';

// A worker killed between taking a message and recording what the provider said must not lose the
// message, and must not send it twice: the next worker sends it again under the same key.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const fixture = fileURLToPath(new URL('./fixtures/message-worker.ts', import.meta.url));

function startWorker(mode: 'before-provider' | 'after-provider'): ChildProcess {
  if (!t.db.url) throw new Error('The crash test needs PostgreSQL: a second process opens the database');
  return spawn(process.execPath, ['--import', 'tsx', fixture, t.db.url, mode], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function waitForLine(child: ChildProcess, expected: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().split('\n').includes(expected)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`worker exited early (${code}): ${stderr}`)));
  });
}

async function kill(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

async function queuedSms(phone: string): Promise<number> {
  const { user } = await t.userWithToken('borrower', { name: 'Namutebi Joan' });
  await t.db.database.db.update(users).set({ phoneNumber: phone }).where(eq(users.id, user.id));
  await t.db.database.db.transaction((tx) =>
    t.services.messages.send(tx, user.id, 'payment.received', {
      name: 'Namutebi Joan',
      amount: 120_000,
      loanRef: 'SL-2026-000012',
      balance: 480_000,
    }),
  );
  const [row] = await t.db.database.db.select().from(messages).where(eq(messages.recipient, phone));
  if (!row) throw new Error('no message');
  // Due now, whatever the hour: quiet hours have their own tests.
  await t.db.database.db
    .update(messages)
    .set({ notBefore: new Date(Date.now() - 60_000) })
    .where(eq(messages.id, row.id));
  return row.id;
}

/** The surviving worker, 6 minutes later: the dead worker's claim is stale by then. */
async function survivorDelivers() {
  const later = fixedClock(new Date(Date.now() + 6 * 60_000));
  const survivor = createMessagesService({
    db: t.db.database.db,
    clock: later,
    sms: {
      name: 'simulator',
      isIdempotent: true,
      send: async (m) => ({ providerMessageId: await t.services.simulatorSms.deliver(m), isDelivered: true }),
    },
    email: null,
  });
  return survivor.deliverDue();
}

describe('a message worker killed mid-delivery', () => {
  it.each([
    ['after it took the message, before the provider heard of it', 'before-provider', '+256772600001'],
    [
      'after the provider took the message, before the outcome was written',
      'after-provider',
      '+256772600002',
    ],
  ] as const)('delivers the message once when killed %s', async (_when, mode, phone) => {
    const id = await queuedSms(phone);
    const worker = startWorker(mode);
    await waitForLine(worker, mode === 'before-provider' ? 'claimed' : 'sent');
    await kill(worker);
    const [orphan] = await t.db.database.db.select().from(messages).where(eq(messages.id, id));
    expect(orphan).toMatchObject({ status: 'sending', attempts: 1 });

    expect((await survivorDelivers()).sent).toBe(1);
    expect(await survivorDelivers()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    const recorded = await t.db.database.db
      .select()
      .from(simulatedSms)
      .where(eq(simulatedSms.toNumber, phone));
    expect(recorded).toHaveLength(1);
    expect(recorded[0]?.idempotencyKey).toBe(`sente-message-${id}`);
    const [after] = await t.db.database.db.select().from(messages).where(eq(messages.id, id));
    expect(after).toMatchObject({ status: 'delivered', attempts: 2 });
  });
});
