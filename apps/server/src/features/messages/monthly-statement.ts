import { kampalaDate, startOfKampalaDate } from '@sente/contract';
import type { Db } from '../../db/client.ts';
import { lenderInvested, lenderReserved, userWallet } from '../ledger/ledger-accounts.ts';
import { lenderLedgerMonth, lendersWithActivity } from './lender-messages.repo.ts';
import type { MessagesService, SendRequest } from './messages.service.ts';
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

type LedgerMonth = Awaited<ReturnType<typeof lenderLedgerMonth>>;

/** A lender's three accounts: its cash (wallet and reserved) and what it has lent out. */
function accountsOf(lenderId: number) {
  return {
    cash: [userWallet(lenderId), lenderReserved(lenderId)] as string[],
    invested: lenderInvested(lenderId),
  };
}

/**
 * A lender's month from its ledger accounts (`month`: the lines of a batch of lenders, this one's
 * among them). The balance is its cash with Sente: available plus reserved (debit-positive
 * liabilities, so negated). Each figure is the net of one kind of posting on that cash; principal
 * comes back on the invested account. Whatever no named figure explains is shown as other
 * movements, so opening + the figures = closing, to the shilling.
 */
export function lenderMonthFigures(
  lender: { id: number; name: string },
  period: { label: string },
  month: LedgerMonth,
): MonthlyStatementData {
  const { cash, invested } = accountsOf(lender.id);
  const moves = month.moves.filter((m) => cash.includes(m.code) || m.code === invested);
  const opening = month.opening.filter((o) => cash.includes(o.code));
  const cashIn = (kinds: readonly string[]) =>
    -moves
      .filter((m) => cash.includes(m.code) && kinds.includes(m.kind))
      .reduce((sum, m) => sum + m.amount, 0);
  const openingBalance = -opening.reduce((s, o) => s + o.amount, 0);
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
 * How many lenders' figures one read sums: a busy lender has hundreds of lines a month (about 530
 * at scale 100), and one statement of the embedded database holds its only connection.
 */
const LENDERS_PER_READ = 50;

/**
 * The statement job (the 1st, 07:00 Kampala): each lender whose accounts moved last month gets its
 * statement by e-mail, once per lender and month (`monthly-statement:<lender>:<yyyy-mm>`). The
 * lenders' figures are read LENDERS_PER_READ lenders to a statement pair, and each batch's
 * statements written in a transaction of its own (messages.sendInBatches).
 */
export async function sendMonthlyStatements(
  { db, messages }: { db: Db; messages: Pick<MessagesService, 'sendInBatches'> },
  now: Date,
): Promise<number> {
  const period = previousKampalaMonth(now);
  const lenders = await lendersWithActivity(db, period);
  let written = 0;
  for (let at = 0; at < lenders.length; at += LENDERS_PER_READ) {
    const batch = lenders.slice(at, at + LENDERS_PER_READ);
    const codes = batch.flatMap(({ lenderId }) => {
      const { cash, invested } = accountsOf(lenderId);
      return [...cash, invested];
    });
    const month = await lenderLedgerMonth(db, codes, period);
    written += await messages.sendInBatches(
      batch.map(
        (lender): SendRequest => ({
          userId: lender.lenderId,
          name: 'lender.monthly-statement',
          data: lenderMonthFigures({ id: lender.lenderId, name: lender.name }, period, month),
          options: { dedupeKey: `monthly-statement:${lender.lenderId}:${period.month}` },
        }),
      ),
    );
  }
  return written;
}
