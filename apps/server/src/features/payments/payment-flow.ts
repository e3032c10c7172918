import type { Tx } from '../../db/client.ts';
import type { PaymentDirection } from './payment-provider.ts';
import type { TransactionRow } from './platform-transaction.ts';

/**
 * What a kind of payment does to the ledger (and to loans) at each step of its life. Every step runs
 * inside the database transaction that moves the payment's status, so money and status never part.
 */
export interface PaymentFlow {
  readonly direction: PaymentDirection;
  /** CREDIT or DEBIT as the user sees it. */
  readonly userSees: 'CREDIT' | 'DEBIT';
  readonly category: string;
  /** In the transaction that creates the payment (a payout reserves its money here). */
  reserve?(tx: Tx, payment: TransactionRow): Promise<void>;
  /**
   * First in the transaction that settles or fails the payment, before its status moves: locks what
   * the flow's steps lock that other units of work lock before writing a payment of this kind (a
   * payout's listing: Disburse locks it, then inserts the payout). One lock order, no deadlock.
   */
  lockFirst?(tx: Tx, payment: TransactionRow): Promise<void>;
  /** In the transaction that marks the payment COMPLETED. */
  settle(tx: Tx, payment: TransactionRow): Promise<void>;
  /**
   * Settles several payments of this kind in the one transaction that marks them all COMPLETED, as
   * settle() would one by one, in their order (a group of callbacks, ADR 015). A flow that has it
   * may be settled in groups; it must take its locks in the order settle() does (its rows, then the
   * ledger's accounts last) and throw, not park money, when something unexpected happens to a
   * group of more than one: the gateway then settles each alone.
   */
  settleMany?(tx: Tx, payments: readonly TransactionRow[]): Promise<void>;
  /** In the transaction that marks the payment FAILED; by default every posting it made is reversed. */
  unwind?(tx: Tx, payment: TransactionRow): Promise<void>;
  /** What the user is told when the payment completes or fails; null tells nothing. */
  notice(payment: TransactionRow, outcome: 'COMPLETED' | 'FAILED'): { title: string; message: string } | null;
}
