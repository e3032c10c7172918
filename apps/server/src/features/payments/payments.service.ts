import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock.ts';
import type { UserPaymentLimits } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { transaction } from '../../db/retry-transaction.ts';
import { InvalidInputError, NotFoundError } from '../../domain-error.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { userWallet } from '../ledger/ledger-accounts.ts';
import type { MessagesService } from '../messages/messages.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { createCompletionGroups, type Finished } from './completion-groups.ts';
import type { PaymentFlow } from './payment-flow.ts';
import {
  type PaymentProvider,
  PaymentRejectedError,
  type ProviderName,
  ProviderUnavailableError,
  providerOfPhone,
} from './payment-provider.ts';
import {
  findDuePayments,
  findLoanRef,
  findTransactionById,
  findTransactionByRequestKey,
  findTransactionsNeedingAttention,
  findTransactionWithUser,
  insertTransactionOnce,
  lockTransaction,
  lockTransactionByReference,
  moveStatus,
  shiftTotals,
  sumOpenRepayments,
  sumOpenWithdrawals,
  updateTransaction,
} from './payments.repo.ts';
import {
  isFinal,
  type TransactionRow,
  type TransactionType,
  type TransactionWithUser,
} from './platform-transaction.ts';
import { checkUserPaymentLimits, isCollection } from './user-payment-limits.ts';

/** A payment to finish: by its id, or by its reference with a check of the row as locked. */
type PaymentTarget =
  | { readonly id: number }
  | { readonly referenceId: string; readonly accept: (payment: TransactionRow) => void };

/** Whether a user's money may move to or from a number now (the accounts feature decides). */
export interface PaymentNumberCheck {
  checkUse(tx: Tx, input: { userId: number; phoneNumber: string; use: 'collect' | 'payout' }): Promise<void>;
}

export interface PaymentsDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly ledger: LedgerService;
  readonly notifications: NotificationsService;
  readonly providers: ReadonlyMap<ProviderName, PaymentProvider>;
  /** This server's public URL for provider callbacks; null asks for none. */
  readonly callbackBaseUrl: string | null;
  /** How often the poller job asks about open payments; 0: this process runs no poller. */
  readonly pollIntervalMs: number;
  readonly pendingTimeoutMs: number;
  readonly userLimits: UserPaymentLimits;
  readonly numbers: PaymentNumberCheck;
  /** Admins hear of a payment whose money waits in suspense (docs/notifications.md). */
  readonly messages: Pick<MessagesService, 'sendToAdmins'>;
  /**
   * How provider callbacks that arrive together are settled together (ADR 015): at most `maxGroup`
   * payments in one transaction, at most `concurrency` such transactions at once.
   */
  readonly settlementGroups: { readonly maxGroup: number; readonly concurrency: number };
}

/** The spacing between asks about one payment when this process has no poller of its own. */
const DEFAULT_POLL_SPACING_MS = 5_000;

export interface NewPayment {
  readonly type: TransactionType;
  readonly userId: number;
  readonly amount: number;
  /** Normalized +2567XXXXXXXX. */
  readonly phoneNumber: string;
  /** Scope and idempotency key of the request: the same request twice makes one payment. */
  readonly requestKey: string;
  readonly description: string;
  readonly loanId?: number | null;
  readonly applicationId?: number | null;
  /** The admin who asked for it (Disburse), kept for the loan a payout creates. */
  readonly requestedById?: number | null;
}

const PROVIDER_LABEL: Record<ProviderName, string> = { mtn: 'MTN Mobile Money', airtel: 'Airtel Money' };

/**
 * The mobile-money gateway: the life of a payment, created (PENDING, with its reservation posted),
 * sent to the provider (PROCESSING once accepted), and settled (COMPLETED) or unwound (FAILED) when
 * the provider, a callback or the poller says so. Status moves only forward, each move in one
 * database transaction together with what the payment's flow does, its totals and its notification.
 * It knows no lending or wallet rules: those features register the flow of their payment types.
 */
export function createPaymentsService(deps: PaymentsDeps) {
  const { db, clock } = deps;
  // With the poller off here, payments are still spaced for the pollers of other replicas (and of
  // tests, which poll by hand), so a payment is not asked about before its own process sent it.
  const pollSpacingMs = deps.pollIntervalMs > 0 ? deps.pollIntervalMs : DEFAULT_POLL_SPACING_MS;
  const flows = new Map<TransactionType, PaymentFlow>();
  const settledHandlers: Array<(payment: TransactionRow) => void> = [];

  function flowOf(type: TransactionType): PaymentFlow {
    const flow = flows.get(type);
    if (!flow) throw new Error(`No payment flow is registered for ${type}`);
    return flow;
  }

  function providerOf(payment: TransactionRow): PaymentProvider {
    const provider = deps.providers.get(payment.provider as ProviderName);
    if (!provider) throw new Error(`Provider ${payment.provider} is not configured`);
    return provider;
  }

  /** When to look again: soon for a young payment, every 5 minutes at most for an old one. */
  function nextPoll(payment: TransactionRow, now: Date): Date {
    const age = now.getTime() - payment.createdAt.getTime();
    const wait = Math.min(Math.max(pollSpacingMs, Math.floor(age / 5)), 5 * 60_000);
    return new Date(now.getTime() + wait);
  }

  /** What flows wrote on the payments being settled in this process (see finish). */
  const flowWrites = new Map<number, Partial<TransactionRow>>();

  /** Records a flow's write on a payment being settled, for the answer of its finish(). */
  function noteFlowWrite(id: number, values: Partial<TransactionRow>): void {
    const written = flowWrites.get(id);
    if (written) Object.assign(written, values);
  }

  async function finish(
    target: PaymentTarget,
    outcome: 'COMPLETED' | 'FAILED',
    detail: { providerReference?: string | null; reason?: string },
  ): Promise<Finished> {
    let id: number | undefined;
    const finished = await transaction(db, async (tx) => {
      const current =
        'id' in target
          ? await lockTransaction(tx, target.id)
          : await lockTransactionByReference(tx, target.referenceId);
      if (!current) throw new NotFoundError('PAYMENT_NOT_FOUND', 'Payment not found');
      if ('accept' in target) target.accept(current);
      id = current.id;
      flowWrites.set(id, {});
      if (isFinal(current)) return { payment: current, changed: false };
      const now = clock.now();
      const flow = flowOf(current.type);
      const set =
        outcome === 'COMPLETED'
          ? { providerReference: detail.providerReference ?? current.providerReference, completedAt: now }
          : { failureReason: (detail.reason ?? 'Payment failed').slice(0, 500), failedAt: now };
      const seen = { ...current, ...set };
      // The status moves first (the row is ours under its lock; if the flow fails, the whole
      // transaction rolls back), so that the flow's postings, which lock accounts every
      // settlement shares, come just before the commit (ADR 012). The totals stay after them:
      // ledger accounts before transaction totals is the lock order of every money transaction.
      // What the flow then writes on the row (linkLoan, flagForAttention) is gathered in
      // `flowWrites`, so the payment answered is the row as committed without reading it again.
      await flow.lockFirst?.(tx, current);
      const moved = await moveStatus(tx, id, ['PENDING', 'PROCESSING'], outcome, {
        ...set,
        updatedAt: now,
        nextPollAt: null,
      });
      if (!moved) throw new Error(`Payment ${id} left ${current.status} under its lock`);
      if (outcome === 'COMPLETED') await flow.settle(tx, seen);
      else if (flow.unwind) await flow.unwind(tx, seen);
      else {
        await deps.ledger.reverseTransaction(tx, {
          platformTransactionId: id,
          memo: `Payment ${current.referenceId} failed: ${set.failureReason ?? ''}`.slice(0, 500),
        });
      }
      await shiftTotals(tx, current.type, current.status, outcome, current.amount);
      const answer: TransactionRow = { ...moved, ...flowWrites.get(id) };
      const notice = flow.notice(answer, outcome);
      if (notice) {
        await deps.notifications.notify(tx, {
          userId: answer.userId,
          kind: outcome === 'COMPLETED' ? 'payment.completed' : 'payment.failed',
          ...notice,
          data: { transaction_id: answer.id, reference_id: answer.referenceId, type: answer.type },
        });
      }
      return { payment: answer, changed: true };
    }).finally(() => {
      if (id !== undefined) flowWrites.delete(id);
    });
    if (finished.changed && outcome === 'COMPLETED') {
      for (const handler of settledHandlers) handler(finished.payment);
    }
    return finished;
  }

  const groups = createCompletionGroups({
    db,
    clock,
    notifications: deps.notifications,
    flows,
    flowWrites,
    finishAlone: (completion) =>
      finish({ referenceId: completion.referenceId, accept: completion.accept }, 'COMPLETED', completion),
    onSettled: (payment) => {
      for (const handler of settledHandlers) handler(payment);
    },
    ...deps.settlementGroups,
  });

  const service = {
    /** How often the poller job looks at open payments; 0: no poller job in this process. */
    pollIntervalMs: deps.pollIntervalMs,

    /** A feature says what its kind of payment does at each step (one flow per type, at start). */
    /** Told after a payment's completion has committed (a lender's cash arrived); must not throw. */
    onSettled(handler: (payment: TransactionRow) => void): void {
      settledHandlers.push(handler);
    },

    registerFlow(type: TransactionType, flow: PaymentFlow): void {
      if (flows.has(type)) throw new Error(`A payment flow for ${type} is already registered`);
      flows.set(type, flow);
    },

    /** The flows registered so far (a second instance standing in for another replica copies them). */
    registeredFlows(): ReadonlyMap<TransactionType, PaymentFlow> {
      return flows;
    },

    /** The provider that serves a number, or a 400 saying which numbers work. */
    providerFor(phoneNumber: string): ProviderName {
      const name = providerOfPhone(phoneNumber);
      if (!name) {
        throw new InvalidInputError('UNSUPPORTED_NETWORK', 'Use an MTN or Airtel mobile-money number', {
          phone_number: ['Use an MTN (076-079) or Airtel (070, 074, 075) mobile-money number'],
        });
      }
      if (!deps.providers.has(name)) {
        throw new InvalidInputError(
          'PROVIDER_NOT_AVAILABLE',
          `${PROVIDER_LABEL[name]} is not available yet`,
          {
            phone_number: [`${PROVIDER_LABEL[name]} payments are not available yet; use another number`],
          },
        );
      }
      return name;
    },

    /**
     * Creates the payment in the caller's transaction (PENDING, reservation posted). The same request
     * key answers the payment it made before, with isNew false.
     */
    async create(tx: Tx, input: NewPayment): Promise<{ payment: TransactionRow; isNew: boolean }> {
      const flow = flowOf(input.type);
      const provider = service.providerFor(input.phoneNumber);
      const now = clock.now();
      const payment = await insertTransactionOnce(tx, {
        referenceId: randomUUID(),
        requestKey: input.requestKey,
        userId: input.userId,
        type: input.type,
        direction: flow.userSees,
        amount: input.amount,
        provider,
        phoneNumber: input.phoneNumber,
        loanId: input.loanId ?? null,
        applicationId: input.applicationId ?? null,
        requestedById: input.requestedById ?? null,
        description: input.description,
        category: flow.category,
        // If this process dies before sending, the poller finds the payment and sends it.
        nextPollAt: new Date(now.getTime() + pollSpacingMs),
        createdAt: now,
        updatedAt: now,
      });
      if (!payment) {
        const existing = await findTransactionByRequestKey(tx, input.requestKey);
        if (!existing) throw new Error(`Payment ${input.requestKey} vanished`);
        return { payment: existing, isNew: false };
      }
      if (flow.reserve) await flow.reserve(tx, payment);
      await shiftTotals(tx, payment.type, null, 'PENDING', payment.amount);
      return { payment, isNew: true };
    },

    /**
     * A payment the user starts themselves (a deposit, a repayment, a withdrawal), in the caller's
     * transaction: takes the user's turn (a lock on their wallet account, so their concurrent requests
     * are counted one after another), then refuses a number that is not theirs to use this way, an
     * amount above the provider's maximum or the user's limits, and one prompt too many, before
     * anything is written or sent. A repeat of the same request answers the payment it made.
     */
    async createForUser(tx: Tx, input: NewPayment): Promise<{ payment: TransactionRow; isNew: boolean }> {
      const earlier = await findTransactionByRequestKey(tx, input.requestKey);
      if (earlier) return { payment: earlier, isNew: false };
      const provider = service.providerFor(input.phoneNumber);
      await deps.ledger.lockAccounts(tx, [userWallet(input.userId)]);
      await deps.numbers.checkUse(tx, {
        userId: input.userId,
        phoneNumber: input.phoneNumber,
        use: isCollection(input.type) ? 'collect' : 'payout',
      });
      await checkUserPaymentLimits(tx, {
        limits: deps.userLimits,
        now: clock.now(),
        userId: input.userId,
        type: input.type,
        amount: input.amount,
        provider,
      });
      return service.create(tx, input);
    },

    /**
     * Sends a PENDING payment to its provider with its own reference (so a repeat is one payment).
     * Accepted → PROCESSING; refused → FAILED (unwound); no clear answer → stays PENDING for the poller.
     */
    async submit(payment: TransactionRow): Promise<TransactionRow> {
      if (payment.status !== 'PENDING') return payment;
      const flow = flowOf(payment.type);
      const now = clock.now();
      try {
        await providerOf(payment).send({
          referenceId: payment.referenceId,
          direction: flow.direction,
          amount: payment.amount,
          phoneNumber: payment.phoneNumber,
          message: payment.description,
          callbackUrl: deps.callbackBaseUrl
            ? `${deps.callbackBaseUrl.replace(/\/+$/, '')}/api/payments/callback/${payment.provider}/`
            : null,
        });
      } catch (error) {
        if (error instanceof PaymentRejectedError)
          return (await finish({ id: payment.id }, 'FAILED', { reason: error.message })).payment;
        if (!(error instanceof ProviderUnavailableError)) throw error;
        await updateTransaction(db, payment.id, {
          attempts: payment.attempts + 1,
          updatedAt: now,
          nextPollAt: nextPoll(payment, now),
        });
        return (await findTransactionById(db, payment.id)) ?? payment;
      }
      return transaction(db, async (tx) => {
        const current = await lockTransaction(tx, payment.id);
        if (!current) throw new NotFoundError('PAYMENT_NOT_FOUND', 'Payment not found');
        const moved = await moveStatus(tx, payment.id, ['PENDING'], 'PROCESSING', {
          attempts: current.attempts + 1,
          updatedAt: now,
          nextPollAt: new Date(now.getTime() + pollSpacingMs),
        });
        if (!moved) return current; // a callback was faster and already finished it
        await shiftTotals(tx, current.type, 'PENDING', 'PROCESSING', current.amount);
        return moved;
      });
    },

    complete(id: number, providerReference: string | null = null) {
      return finish({ id }, 'COMPLETED', { providerReference });
    },

    fail(id: number, reason: string) {
      return finish({ id }, 'FAILED', { reason });
    },

    /**
     * A provider's word that a payment went through: the payment is found by its reference and
     * locked, and `accept` may refuse it (it throws) before anything moves. One read fewer than
     * finding it first (issue 20: every settlement at month-end comes this way). Callbacks that
     * arrive while others are being settled are settled together, as one group (ADR 015).
     */
    completeByReference(
      referenceId: string,
      accept: (payment: TransactionRow) => void,
      providerReference: string | null,
    ): Promise<Finished> {
      return groups.complete({ referenceId, accept, providerReference });
    },

    /** As completeByReference, for a provider's word that the payment failed. */
    failByReference(referenceId: string, accept: (payment: TransactionRow) => void, reason: string) {
      return finish({ referenceId, accept }, 'FAILED', { reason });
    },

    /** Asks the provider about one open payment and acts on the answer. */
    async refresh(payment: TransactionRow): Promise<TransactionRow> {
      if (isFinal(payment)) return payment;
      const now = clock.now();
      const age = now.getTime() - payment.createdAt.getTime();
      let answer: Awaited<ReturnType<PaymentProvider['status']>>;
      try {
        answer = await providerOf(payment).status(flowOf(payment.type).direction, payment.referenceId);
      } catch (error) {
        if (!(error instanceof ProviderUnavailableError)) throw error;
        await updateTransaction(db, payment.id, { nextPollAt: nextPoll(payment, now) });
        return payment;
      }
      switch (answer.state) {
        case 'SUCCESSFUL':
          return (
            await finish({ id: payment.id }, 'COMPLETED', { providerReference: answer.providerReference })
          ).payment;
        case 'FAILED':
          return (await finish({ id: payment.id }, 'FAILED', { reason: answer.reason })).payment;
        case 'NOT_FOUND':
          if (age >= deps.pendingTimeoutMs) {
            return (
              await finish({ id: payment.id }, 'FAILED', {
                reason: 'The mobile-money provider has no record of this payment',
              })
            ).payment;
          }
          // Never arrived (this process died before sending, or the request was lost): send it again.
          if (payment.status === 'PENDING') return service.submit(payment);
          break;
        case 'PENDING':
          break;
      }
      await updateTransaction(db, payment.id, { nextPollAt: nextPoll(payment, now) });
      return payment;
    },

    /** One poller pass over the open payments that are due; answers how many it looked at. */
    async pollDue(limit = 100): Promise<{ polled: number; failures: { id: number; error: unknown }[] }> {
      const due = await findDuePayments(db, clock.now(), limit);
      const failures: { id: number; error: unknown }[] = [];
      for (const payment of due) {
        try {
          await service.refresh(payment);
        } catch (error) {
          // One payment's trouble must not hold up the others.
          failures.push({ id: payment.id, error });
        }
      }
      return { polled: due.length, failures };
    },

    /**
     * Asks the provider every `stepMs` until the payment is final or `timeoutMs` has passed on the
     * clock; answers the latest row. It asks at most once per step of the timeout (and once more), so
     * a clock that does not move (a test's) cannot keep it asking for ever.
     */
    async waitUntilFinal(id: number, timeoutMs: number, stepMs = 250): Promise<TransactionRow> {
      const deadline = clock.now().getTime() + timeoutMs;
      const maxAsks = Math.ceil(timeoutMs / Math.max(stepMs, 1)) + 1;
      for (let asks = 1; ; asks++) {
        const current = await findTransactionById(db, id);
        if (!current) throw new NotFoundError('PAYMENT_NOT_FOUND', 'Payment not found');
        if (isFinal(current)) return current;
        const refreshed = await service.refresh(current);
        const leftMs = deadline - clock.now().getTime();
        if (isFinal(refreshed) || leftMs <= 0 || asks >= maxAsks) return refreshed;
        await new Promise((resolve) => setTimeout(resolve, Math.min(stepMs, leftMs)));
      }
    },

    /**
     * The payout made this loan (the lending feature's disbursement flow, in its transaction); the
     * description then names the loan by its reference instead of the application it came from.
     */
    async linkLoan(tx: Tx, paymentId: number, loan: { id: number; description: string }): Promise<void> {
      const values = { loanId: loan.id, description: loan.description };
      await updateTransaction(tx, paymentId, values);
      noteFlowWrite(paymentId, values);
    },

    /**
     * The money of this payment could not be matched to what it was for and waits in suspense:
     * admins see it in the payments needing attention, and are told by e-mail and in the inbox in
     * the same unit of work (once per payment).
     */
    async flagForAttention(
      tx: Tx,
      payment: Pick<TransactionRow, 'id' | 'amount' | 'loanId'>,
      reason: string,
    ): Promise<void> {
      const values = { attentionReason: reason.slice(0, 500), attentionAt: clock.now() };
      await updateTransaction(tx, payment.id, values);
      noteFlowWrite(payment.id, values);
      await deps.messages.sendToAdmins(
        tx,
        'admin.payment-attention',
        {
          paymentId: payment.id,
          amount: payment.amount,
          loanRef: payment.loanId === null ? null : ((await findLoanRef(tx, payment.loanId)) ?? null),
          reason,
        },
        { dedupeKey: `payment-attention:${payment.id}` },
      );
    },

    /** Payments whose money waits in suspense for an admin, newest first. */
    listNeedingAttention(page: { limit: number; offset: number }) {
      return findTransactionsNeedingAttention(db, page);
    },

    /** What is owed on a loan is less what borrowers' collections already on their way will bring. */
    sumOpenWithdrawals(tx: Tx): Promise<number> {
      return sumOpenWithdrawals(tx);
    },

    sumOpenRepayments(tx: Tx, loanId: number): Promise<number> {
      return sumOpenRepayments(tx, loanId);
    },

    findByRequestKey(tx: Tx, requestKey: string) {
      return findTransactionByRequestKey(tx, requestKey);
    },

    async getWithUser(id: number): Promise<TransactionWithUser> {
      const row = await findTransactionWithUser(db, id);
      if (!row) throw new NotFoundError('TRANSACTION_NOT_FOUND', 'Transaction not found');
      return row;
    },
  };
  return service;
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
