/** The ledger's chart of accounts. Balances are debit-positive (docs/money.md). */
export const PLATFORM_WALLET = 'PLATFORM_WALLET';
export const PLATFORM_CAPITAL = 'PLATFORM_CAPITAL';
export const LOANS_RECEIVABLE = 'LOANS_RECEIVABLE';
export const INTEREST_INCOME = 'INTEREST_INCOME';
/** Money received that could not be matched to what it was for; an admin resolves it. */
export const SUSPENSE = 'SUSPENSE';

export type AccountCode =
  | typeof PLATFORM_WALLET
  | typeof PLATFORM_CAPITAL
  | typeof LOANS_RECEIVABLE
  | typeof INTEREST_INCOME
  | typeof SUSPENSE
  | `PROVIDER_CLEARING:${string}`
  | `USER_WALLET:${number}`;

/** Money sent to or requested from a provider that it has not yet confirmed. */
export function providerClearing(provider: string): AccountCode {
  return `PROVIDER_CLEARING:${provider}`;
}

/** What the platform owes a user (a lender's deposits less withdrawals); a liability, so ≤ 0. */
export function userWallet(userId: number): AccountCode {
  return `USER_WALLET:${userId}`;
}

export function userIdOfWallet(code: string): number | null {
  const match = /^USER_WALLET:(\d+)$/.exec(code);
  return match?.[1] ? Number(match[1]) : null;
}

/** What kind of movement a posting records; financial statistics add them up per kind and day. */
export type PostingKind =
  | 'CAPITAL'
  | 'DEPOSIT'
  | 'WITHDRAWAL_RESERVE'
  | 'WITHDRAWAL'
  | 'DISBURSEMENT_RESERVE'
  | 'DISBURSEMENT'
  | 'REPAYMENT'
  | 'OVERPAYMENT'
  | 'SUSPENSE'
  | 'REVERSAL';
