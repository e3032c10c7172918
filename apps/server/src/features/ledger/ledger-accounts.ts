/** The ledger's chart of accounts. Balances are debit-positive (docs/money.md). */
export const PLATFORM_WALLET = 'PLATFORM_WALLET';
export const PLATFORM_CAPITAL = 'PLATFORM_CAPITAL';
export const LOANS_RECEIVABLE = 'LOANS_RECEIVABLE';
export const INTEREST_INCOME = 'INTEREST_INCOME';
/** Money received that could not be matched to what it was for; an admin resolves it. */
export const SUSPENSE = 'SUSPENSE';
/** The platform's service fee on the interest lenders earn (decisions.md, PLATFORM_FEE_PERCENT). */
export const FEE_INCOME = 'FEE_INCOME';

export type AccountCode =
  | typeof PLATFORM_WALLET
  | typeof PLATFORM_CAPITAL
  | typeof LOANS_RECEIVABLE
  | typeof INTEREST_INCOME
  | typeof SUSPENSE
  | typeof FEE_INCOME
  | `PROVIDER_CLEARING:${string}`
  | `USER_WALLET:${number}`
  | `LENDER_RESERVED:${number}`
  | `LENDER_INVESTED:${number}`;

/** Money sent to or requested from a provider that it has not yet confirmed. */
export function providerClearing(provider: string): AccountCode {
  return `PROVIDER_CLEARING:${provider}`;
}

/** What the platform owes a user (a lender's deposits less withdrawals); a liability, so ≤ 0. */
export function userWallet(userId: number): AccountCode {
  return `USER_WALLET:${userId}`;
}

/**
 * A lender's money held for its live bids and accepted offers; a liability, so ≤ 0. Reserving moves
 * money out of the wallet's available cash; releasing moves it back.
 */
export function lenderReserved(userId: number): AccountCode {
  return `LENDER_RESERVED:${userId}`;
}

/**
 * The principal a lender has lent through loans and not yet had back: what borrowers' repayments owe
 * it. Equals the principal outstanding over its participations (the ledger proves the table).
 */
export function lenderInvested(userId: number): AccountCode {
  return `LENDER_INVESTED:${userId}`;
}

export function userIdOfWallet(code: string): number | null {
  const match = /^USER_WALLET:(\d+)$/.exec(code);
  return match?.[1] ? Number(match[1]) : null;
}

/** The user a per-user account belongs to and what it is called; null for the platform's own. */
export function perUserAccount(code: string): { userId: number; name: string; isWallet: boolean } | null {
  const match = /^(USER_WALLET|LENDER_RESERVED|LENDER_INVESTED):(\d+)$/.exec(code);
  if (!match?.[1] || !match[2]) return null;
  const userId = Number(match[2]);
  const names = {
    USER_WALLET: `Wallet of user ${userId}`,
    LENDER_RESERVED: `Reserved for bids of lender ${userId}`,
    LENDER_INVESTED: `Lent out by lender ${userId}`,
  } as const;
  return { userId, name: names[match[1] as keyof typeof names], isWallet: match[1] === 'USER_WALLET' };
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
  | 'REVERSAL'
  | 'BID_RESERVE'
  | 'BID_RELEASE'
  | 'REPAYMENT_SHARE';
