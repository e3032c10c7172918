import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { eq, inArray, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ledgerPostings, platformTransactions } from '../src/db/schema/index.ts';
import { userWallet } from '../src/features/ledger/ledger-accounts.ts';
import { expectLedgerBalanced } from './ledger-audit.ts';
import { lenderWithBalance, settleOpenPayments } from './money-helpers.ts';
import { createTestApp, type TestApp } from './test-app.ts';

// A process killed in the middle of a payment must leave no half posting, and what it left must be
// finished by the survivors (the poller) without losing or doubling money.
let t: TestApp;
let lenderId: number;
let momoUrl: string;
const START = 2_000_000;
beforeAll(async () => {
  t = await createTestApp();
  lenderId = (await lenderWithBalance(t, START)).user.id;
  momoUrl = await t.services.paymentProviders.simulatorUrl();
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  await expectLedgerBalanced(t.db.database.db);
});

const fixture = fileURLToPath(new URL('./fixtures/payment-crasher.ts', import.meta.url));

function spawnCrasher(mode: string): ChildProcess {
  if (!t.db.url) throw new Error('The crash test needs PostgreSQL: a second process opens the database');
  return spawn(process.execPath, ['--import', 'tsx', fixture, t.db.url, momoUrl, mode, String(lenderId)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function waitForLine(child: ChildProcess, isDone: (line: string) => boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      const done = lines.find(isDone);
      if (done !== undefined) resolve(done);
    });
    child.once('exit', (code) => reject(new Error(`crasher exited early (${code}): ${stderr}`)));
  });
}

async function kill(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

const available = async () => -(await t.services.ledger.balanceOf(t.db.database.db, userWallet(lenderId)));

describe('a process killed in the middle of a payment', () => {
  it('leaves nothing of a withdrawal whose transaction had not committed', async () => {
    const before = await available();
    const postingsBefore = await t.db.database.db.$count(ledgerPostings);
    const child = spawnCrasher('inside-transaction');
    const line = await waitForLine(child, (l) => l.startsWith('inside '));
    await kill(child);
    const reference = line.slice('inside '.length);
    const rows = await t.db.database.db
      .select()
      .from(platformTransactions)
      .where(eq(platformTransactions.referenceId, reference));
    expect(rows).toEqual([]);
    expect(await t.db.database.db.$count(ledgerPostings)).toBe(postingsBefore);
    expect(await available()).toBe(before);
  }, 60_000);

  it('leaves a committed withdrawal reserved, which the poller then sends and completes', async () => {
    const before = await available();
    const child = spawnCrasher('after-commit');
    const line = await waitForLine(child, (l) => l.startsWith('committed '));
    await kill(child);
    const id = Number(line.slice('committed '.length));
    const [left] = await t.db.database.db
      .select()
      .from(platformTransactions)
      .where(eq(platformTransactions.id, id));
    expect(left?.status).toBe('PENDING');
    expect(await available()).toBe(before - 25_000);
    const finished = await t.services.payments.waitUntilFinal(id, 10_000, 20);
    expect(finished.status).toBe('COMPLETED');
    const postings = await t.db.database.db
      .select()
      .from(ledgerPostings)
      .where(eq(ledgerPostings.platformTransactionId, id));
    expect(postings.map((p) => p.kind).sort()).toEqual(['WITHDRAWAL', 'WITHDRAWAL_RESERVE']);
    expect(await available()).toBe(before - 25_000);
  }, 60_000);

  it('loses and doubles nothing when killed at a random point of a stream of withdrawals', async () => {
    const before = await available();
    const child = spawnCrasher('loop');
    await waitForLine(child, (l) => l === 'ack 12');
    // Kill a few milliseconds later, somewhere inside the next withdrawal.
    await new Promise((resolve) => setTimeout(resolve, 7));
    await kill(child);
    await expectLedgerBalanced(t.db.database.db);
    await settleOpenPayments(t);
    const loop = await t.db.database.db
      .select()
      .from(platformTransactions)
      .where(like(platformTransactions.requestKey, '%crash-loop-%'));
    expect(loop.length).toBeGreaterThanOrEqual(13);
    expect(loop.every((w) => w.status === 'COMPLETED')).toBe(true);
    const kinds = await t.db.database.db
      .select()
      .from(ledgerPostings)
      .where(
        inArray(
          ledgerPostings.platformTransactionId,
          loop.map((w) => w.id),
        ),
      );
    for (const withdrawal of loop) {
      expect(
        kinds
          .filter((p) => p.platformTransactionId === withdrawal.id)
          .map((p) => p.kind)
          .sort(),
      ).toEqual(['WITHDRAWAL', 'WITHDRAWAL_RESERVE']);
    }
    expect(await available()).toBe(before - loop.length * 1_000);
  }, 60_000);
});
