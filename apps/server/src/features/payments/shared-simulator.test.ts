import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKey } from '../../../test/money-helpers.ts';
import { bearer, createTestApp, type TestApp, testConfig } from '../../../test/test-app.ts';
import { createServices, type Services } from '../../app.ts';
import type { Config } from '../../config.ts';
import { platformTransactions } from '../../db/schema/index.ts';
import { createMomoSimulator, type MomoSimulator } from './momo-simulator.ts';

/**
 * Several replicas in simulator mode: a payment started through one replica is asked about by
 * whichever replica's poller claims the tick. With MOMO_SIMULATOR_URL they all reach one simulator.
 */
const secret = 'shared-simulator-callback-secret-0000';
let simulator: MomoSimulator;
let a: TestApp;
const others: Services[] = [];

function replicaConfig(simulatorUrl: string | null): Config {
  const base = testConfig();
  return {
    ...base,
    payments: {
      ...base.payments,
      callbackSecret: secret,
      simulator: { ...base.payments.simulator, delayMs: 0, failureRate: 0, url: simulatorUrl },
    },
  };
}

/** Another replica: the same database, its own services (and payment providers). */
function replicaB(simulatorUrl: string | null): Services {
  const services = createServices({ config: replicaConfig(simulatorUrl), database: a.db.database });
  others.push(services);
  return services;
}

async function depositThroughA(): Promise<number> {
  const lender = await a.userWithToken('lender');
  const res = await a.app.inject({
    method: 'POST',
    url: '/api/wallet/deposit/',
    headers: { ...bearer(lender.token), 'idempotency-key': idempotencyKey('deposit') },
    payload: { amount: 250_000, phone_number: '0772123456' },
  });
  expect(res.statusCode).toBe(201);
  return (res.json() as { id: number }).id;
}

async function settleThrough(replica: Services, id: number): Promise<string | undefined> {
  const [payment] = await a.db.database.db
    .select()
    .from(platformTransactions)
    .where(eq(platformTransactions.id, id));
  if (!payment) throw new Error(`no payment ${id}`);
  await replica.payments.refresh(payment);
  const [after] = await a.db.database.db
    .select()
    .from(platformTransactions)
    .where(eq(platformTransactions.id, id));
  return after?.status;
}

beforeAll(async () => {
  simulator = createMomoSimulator({ delayMs: 0, failureRate: 0, callbackSecret: secret });
  const url = await simulator.start(0);
  a = await createTestApp({ config: replicaConfig(url) });
});

afterAll(async () => {
  for (const services of others) await services.paymentProviders.close();
  await a?.close();
  await simulator?.close();
});

describe('replicas in simulator mode', () => {
  it('settle through any replica when they share one simulator (MOMO_SIMULATOR_URL)', async () => {
    expect(a.services.paymentProviders.simulator).toBeNull();
    const id = await depositThroughA();
    expect(await settleThrough(replicaB(await a.services.paymentProviders.simulatorUrl()), id)).toBe(
      'COMPLETED',
    );
  });

  it('do not, each with a simulator of its own: the other one never heard of the payment', async () => {
    const id = await depositThroughA();
    const loner = replicaB(null);
    expect(loner.paymentProviders.simulator).not.toBeNull();
    expect(await settleThrough(loner, id)).toBe('PROCESSING');
  });
});
