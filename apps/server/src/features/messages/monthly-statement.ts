import { kampalaDate, startOfKampalaDate } from '@sente/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import { lenderInvested, lenderReserved, userWallet } from '../ledger/ledger-accounts.ts';
import { lenderLedgerMonth, lendersWithActivity } from './lender-messages.repo.ts';
import type { MessagesService } from './messages.service.ts';
import type { MonthlyStatementData } from './templates/lender.ts';

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** The Kampala calendar month before the one `now` falls in: "2026-10" and its bounds. */
export function previousKampalaMonth(now: Date): { month: string; label: string; from: Date; to: Date } {
  const [year = 0, month = 1] = kampalaDate(now).split('-').map(Number);
  const previousYear = month === 1 ? year - 1 : year;
  const previous = month === 1 ? 12 : month - 1;
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    month: `${previousYear}-${pad(previous)}`,
    label: `${MONTH_NAMES[previous - 1]} ${previousYear}`,
    from: startOfKampalaDate(`${previousYear}-${pad(previous)}-01`),
    to: startOfKampalaDate(`${year}-${pad(month)}-01`),
  };
}

/**
 * A lender's month from its ledger accounts. The balance is its cash with Sente: available plus
 * reserved (debit-positive liabilities, so negated). Each figure is the net of one kind of posting
 * on that cash; principal comes back on the invested account. Whatever no named figure explains is
 * shown as other movements, so opening + the figures = closing, to the shilling.
 */
export async function lenderMonthFigures(
  db: DbOrTx,
  lender: { id: number; name: string },
  period: { label: string; from: Date; to: Date },
): Promise<MonthlyStatementData> {
  const cash = [userWallet(lender.id), lenderReserved(lender.id)] as string[];
  const invested = lenderInvested(lender.id);
  const { moves, opening } = await lenderLedgerMonth(db, [...cash, invested], period);
  const cashIn = (kinds: readonly string[]) =>
    -moves
      .filter((m) => cash.includes(m.code) && kinds.includes(m.kind))
      .reduce((sum, m) => sum + m.amount, 0);
  const openingBalance = -opening.filter((o) => cash.includes(o.code)).reduce((s, o) => s + o.amount, 0);
  const change = -moves.filter((m) => cash.includes(m.code)).reduce((s, m) => s + m.amount, 0);
  const deposits = cashIn(['DEPOSIT']);
  const withdrawals = -cashIn(['WITHDRAWAL_RESERVE', 'WITHDRAWAL']);
  const lent = -cashIn(['DISBURSEMENT_RESERVE', 'DISBURSEMENT']);
  const received = cashIn(['REPAYMENT_SHARE']);
  const principalReceived = moves
    .filter((m) => m.code === invested && m.kind === 'REPAYMENT_SHARE')
    .reduce((s, m) => s + m.amount, 0);
  const interestReceived = received - principalReceived;
  return {
    name: lender.name,
    month: period.label,
    openingBalance,
    deposits,
    withdrawals,
    lent,
    principalReceived,
    interestReceived,
    otherMovements: change - (deposits - withdrawals - lent + received),
    closingBalance: openingBalance + change,
  };
}

/**
 * The statement job (the 1st, 07:00 Kampala): each lender whose accounts moved last month gets its
 * statement by e-mail, once per lender and month (`monthly-statement:<lender>:<yyyy-mm>`).
 */
export async function sendMonthlyStatements(
  { db, messages }: { db: Db; messages: Pick<MessagesService, 'send'> },
  now: Date,
): Promise<number> {
  const period = previousKampalaMonth(now);
  return db.transaction(async (tx) => {
    let written = 0;
    for (const lender of await lendersWithActivity(tx, period)) {
      const figures = await lenderMonthFigures(tx, { id: lender.lenderId, name: lender.name }, period);
      written += await messages.send(tx, lender.lenderId, 'lender.monthly-statement', figures, {
        dedupeKey: `monthly-statement:${lender.lenderId}:${period.month}`,
      });
    }
    return written;
  });
}
