import type { platformTransactions } from '../../db/schema/index.ts';

/** The payments gateway's record of one mobile-money payment, as every feature that moves money sees it. */
export type TransactionRow = typeof platformTransactions.$inferSelect;
export type NewTransactionRow = typeof platformTransactions.$inferInsert;
export type TransactionStatus = TransactionRow['status'];
export type TransactionType = TransactionRow['type'];

const FINAL = new Set(['COMPLETED', 'FAILED']);
/** COMPLETED and FAILED are final: a payment never moves from them. */
export const isFinal = (payment: Pick<TransactionRow, 'status'>) => FINAL.has(payment.status);
/**
 * A transaction with the name and email of its user and its loan's reference (SL-2026-000041, the
 * one name of a loan on every screen), as every screen shows it.
 */
export type TransactionWithUser = TransactionRow & {
  userName: string;
  userEmail: string;
  loanRef: string | null;
};
/** What a screen shows of a transaction (toPlatformTransactionDto): lists read only these columns. */
export type ShownTransaction = Pick<
  TransactionWithUser,
  | 'id'
  | 'referenceId'
  | 'userId'
  | 'userName'
  | 'userEmail'
  | 'type'
  | 'direction'
  | 'amount'
  | 'status'
  | 'loanId'
  | 'loanRef'
  | 'provider'
  | 'providerReference'
  | 'phoneNumber'
  | 'failureReason'
  | 'createdAt'
  | 'completedAt'
  | 'description'
  | 'category'
>;

export type TransactionNeedingAttention = TransactionWithUser & {
  attentionReason: string;
  attentionAt: Date;
};
