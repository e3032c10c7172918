import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeLoan, repayLoan } from '../../../test/lending-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { fixedClock } from '../../clock.ts';
import { createJobQueue } from '../../jobs/job-queue.ts';
import { loanStatusJob, runLoanStatusTick } from './loan-status.job.ts';
import { findLoanById, findStatusHistory } from './loans.repo.ts';

// Disbursed Monday 3 March 2025, 09:00 in Kampala: installment 1 (44,923) falls due Monday 10 March,
// installment 2 on 17 March, and so on weekly (FLAT 1,000,000 at 2.80% for 6 months, 26 weeks).
const DISBURSED_AT = new Date('2025-03-03T09:00:00+03:00');
const kampala = (date: string, time = '12:00') => new Date(`${date}T${time}:00+03:00`);

const clock = fixedClock(DISBURSED_AT);
let t: TestApp;
let adminId: number;
beforeAll(async () => {
  t = await createTestApp({ clock });
  adminId = (await t.userWithToken('admin')).user.id;
});
afterAll(async () => {
  await t.close();
});

async function tickAt(date: Date) {
  clock.set(date);
  return runLoanStatusTick({ database: t.db.database, clock, messages: t.services.messages });
}

/** A loan of its own borrower: some tests make several at once, and a borrower has one open application. */
async function newLoan() {
  clock.set(DISBURSED_AT);
  const borrower = (await t.userWithToken('borrower')).user.id;
  return makeLoan(t.services, { userId: borrower, adminId, disbursedAt: DISBURSED_AT });
}

const statusOf = async (id: number) => (await findLoanById(t.services.db, id))?.status;

describe('the loan status job', () => {
  it('keeps a loan ACTIVE on the due date, OVERDUE the day after, DEFAULT at 90 days in arrears', async () => {
    const loan = await newLoan();
    await tickAt(kampala('2025-03-10', '23:59'));
    expect(await statusOf(loan.id)).toBe('ACTIVE');
    await tickAt(kampala('2025-03-11', '00:01'));
    expect(await statusOf(loan.id)).toBe('OVERDUE');
    await tickAt(kampala('2025-06-07')); // 89 days after 10 March
    expect(await statusOf(loan.id)).toBe('OVERDUE');
    await tickAt(kampala('2025-06-08')); // 90 days
    expect(await statusOf(loan.id)).toBe('DEFAULT');
    const history = await findStatusHistory(t.services.db, loan.id);
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.daysInArrears])).toEqual([
      [null, 'ACTIVE', 0],
      ['ACTIVE', 'OVERDUE', 1],
      ['OVERDUE', 'DEFAULT', 90],
    ]);
    expect(history[2]?.changedAt.toISOString()).toBe(kampala('2025-06-08').toISOString());
  });

  it('counts arrears from the oldest unpaid installment: paying it moves DEFAULT back to OVERDUE, clearing all to ACTIVE', async () => {
    const loan = await newLoan();
    await tickAt(kampala('2025-06-08'));
    expect(await statusOf(loan.id)).toBe('DEFAULT');
    // Paying installment 1 leaves installment 2 (due 17 March) the oldest unpaid: 83 days.
    await repayLoan(t.services, loan.id, 44_923, kampala('2025-06-08', '13:00'));
    expect(await statusOf(loan.id)).toBe('OVERDUE');
    // Installments 2 to 13 fell due by 2 June; 12 × 44,923 = 539,076 clears the arrears.
    await repayLoan(t.services, loan.id, 539_076, kampala('2025-06-08', '14:00'));
    expect(await statusOf(loan.id)).toBe('ACTIVE');
    await tickAt(kampala('2025-06-08', '15:00'));
    expect(await statusOf(loan.id)).toBe('ACTIVE');
    await tickAt(kampala('2025-06-10')); // installment 14 (due 9 June) is now a day late
    expect(await statusOf(loan.id)).toBe('OVERDUE');
    const history = await findStatusHistory(t.services.db, loan.id);
    expect(history.map((h) => h.toStatus)).toEqual(['ACTIVE', 'DEFAULT', 'OVERDUE', 'ACTIVE', 'OVERDUE']);
  });

  it('marks a loan FULLY_PAID when nothing is owed, and never moves it again', async () => {
    const loan = await newLoan();
    await tickAt(kampala('2025-04-01'));
    expect(await statusOf(loan.id)).toBe('OVERDUE');
    await repayLoan(t.services, loan.id, 1_168_000, kampala('2025-04-01', '13:00'));
    expect(await statusOf(loan.id)).toBe('FULLY_PAID');
    await tickAt(kampala('2026-01-01'));
    expect(await statusOf(loan.id)).toBe('FULLY_PAID');
  });

  it('repairs a status that does not match the arrears', async () => {
    const loan = await newLoan();
    await t.services.db.transaction(async (tx) => {
      const { updateLoan } = await import('./loans.repo.ts');
      await updateLoan(tx, loan.id, { status: 'DEFAULT' });
    });
    const changes = await tickAt(kampala('2025-03-05'));
    expect(changes).toContainEqual({ loanId: loan.id, from: 'DEFAULT', to: 'ACTIVE' });
  });

  it('changes each loan once when two processes tick at the same time', async () => {
    const loans = await Promise.all([newLoan(), newLoan(), newLoan()]);
    clock.set(kampala('2025-03-20'));
    const [a, b] = await Promise.all([
      runLoanStatusTick({ database: t.db.database, clock, messages: t.services.messages }),
      runLoanStatusTick({ database: t.db.database, clock, messages: t.services.messages }),
    ]);
    const changed = [...a, ...b].filter((c) => loans.some((l) => l.id === c.loanId));
    expect(changed).toHaveLength(3);
    for (const loan of loans) {
      const history = await findStatusHistory(t.services.db, loan.id);
      expect(history.map((h) => h.toStatus)).toEqual(['ACTIVE', 'OVERDUE']);
    }
  });

  it('runs as a background job as soon as a process starts its workers', async () => {
    const loan = await newLoan();
    clock.set(kampala('2025-03-25'));
    const logged: string[] = [];
    const queue = createJobQueue({ database: t.db.database, clock, pollMs: 500 });
    try {
      await queue.start(
        [loanStatusJob(t.db.database, t.services.messages, { info: (_p, m) => logged.push(m) })],
        {
          info: () => {},
          error: () => {},
        },
      );
      const deadline = Date.now() + 20_000;
      while (logged.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    } finally {
      await queue.stop();
    }
    expect(await statusOf(loan.id)).toBe('OVERDUE');
    expect(logged).toEqual(['loan statuses updated']);
  });
});
