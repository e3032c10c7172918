import type { Clock } from '../../clock.ts';
import type { Db, Tx } from '../../db/client.ts';
import { createGroupCommit, type ItemOutcome } from '../../db/group-commit.ts';
import { isDatabaseUnavailable } from '../../db/pg-errors.ts';
import { transaction } from '../../db/retry-transaction.ts';
import type { NewNotification, NotificationsService } from '../notifications/notifications.service.ts';
import type { PaymentFlow } from './payment-flow.ts';
import { completeTransactions, lockTransactionsByReference, shiftAllTotals } from './payments.repo.ts';
import { isFinal, type TransactionRow, type TransactionType } from './platform-transaction.ts';

/** What finishing a payment answers: the payment as committed, and whether this call moved it. */
export interface Finished {
  readonly payment: TransactionRow;
  readonly changed: boolean;
}

/** A provider's word that a payment went through, waiting for its group. */
export interface Completion {
  readonly referenceId: string;
  /** Refuses the payment as locked (throws) before anything moves: a callback's checks. */
  readonly accept: (payment: TransactionRow) => void;
  readonly providerReference: string | null;
}

export interface CompletionGroupsDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly notifications: Pick<NotificationsService, 'notifyAll'>;
  /** The flows the gateway has registered, by payment type. */
  readonly flows: ReadonlyMap<TransactionType, PaymentFlow>;
  /** What flows write on the payments being settled in this process (the gateway's). */
  readonly flowWrites: Map<number, Partial<TransactionRow>>;
  /** Finishes one completion alone, in a transaction of its own: the gateway's single path. */
  readonly finishAlone: (completion: Completion) => Promise<Finished>;
  /** Told of each payment a group completed, once the group has committed. */
  readonly onSettled: (payment: TransactionRow) => void;
  /** At most this many completions in one group, at most `concurrency` groups at once. */
  readonly maxGroup: number;
  readonly concurrency: number;
}

/** Runs `work`, answering its value or its error as an outcome. */
async function outcomeOf<O>(work: () => Promise<O>): Promise<ItemOutcome<O>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    return { ok: false, error };
  }
}

/**
 * Provider callbacks that arrive together settle together (ADR 015): a completion that finds a free
 * slot is finished alone, at once; those that arrive while the slots are busy wait, and the next
 * free slot completes them as one group, in one transaction.
 */
export function createCompletionGroups(deps: CompletionGroupsDeps) {
  /**
   * Completes a group of payments that providers confirmed together, in one transaction (ADR 015):
   * the payments locked in one statement, their statuses moved in one, each flow's settleMany for
   * its payments, the totals in one statement. Only payments of flows that settle in groups are
   * taken; the others (and references of no payment) are finished alone afterwards, which also
   * answers what is wrong with them. A refusal (`accept` throws) fails only its own callback and
   * writes nothing. Should the group meet anything unexpected, each payment is finished alone, so
   * that only the one at fault fails, or parks its money in suspense.
   */
  async function completeGroup(completions: readonly Completion[]): Promise<ItemOutcome<Finished>[]> {
    const alone = (completion: Completion) => outcomeOf(() => deps.finishAlone(completion));
    if (completions.length === 1) return [await alone(completions[0] as Completion)];
    let together: (ItemOutcome<Finished> | null)[] = completions.map(() => null);
    const moving = new Set<number>();
    try {
      together = await transaction(deps.db, (tx) => completeTogether(tx, completions, moving));
    } catch (error) {
      // A database that is down fails them all, now: alone, each would wait for it in turn.
      if (isDatabaseUnavailable(error)) return completions.map(() => ({ ok: false, error }));
      // Something unexpected (or a deadlock three times): each alone, below.
    } finally {
      for (const id of moving) deps.flowWrites.delete(id);
    }
    for (const outcome of together) {
      if (outcome?.ok && outcome.value.changed) {
        deps.onSettled(outcome.value.payment);
      }
    }
    const answered: ItemOutcome<Finished>[] = [];
    for (const [index, completion] of completions.entries()) {
      answered.push(together[index] ?? (await alone(completion)));
    }
    return answered;
  }

  /**
   * completeGroup's transaction. Answers, per completion, its outcome, or null for one left to be
   * finished alone (not a payment of a flow that settles in groups, or no payment at all).
   */
  async function completeTogether(
    tx: Tx,
    completions: readonly Completion[],
    moving: Set<number>,
  ): Promise<(ItemOutcome<Finished> | null)[]> {
    // A deadlock's retry starts over.
    for (const id of moving) deps.flowWrites.delete(id);
    moving.clear();
    const groupTypes = [...deps.flows].flatMap(([type, flow]) => (flow.settleMany ? [type] : []));
    const locked = await lockTransactionsByReference(
      tx,
      completions.map((completion) => completion.referenceId),
      groupTypes,
    );
    const byReference = new Map(locked.map((row) => [row.referenceId, row]));
    // What each completion found: refused by its check, already final, or to move (once per payment).
    const found = completions.map((completion) => {
      const current = byReference.get(completion.referenceId);
      if (!current) return null;
      try {
        completion.accept(current);
      } catch (error) {
        return { kind: 'refused' as const, error };
      }
      if (isFinal(current)) return { kind: 'final' as const, current };
      const isFirst = !moving.has(current.id);
      moving.add(current.id);
      return {
        kind: 'moves' as const,
        current,
        isFirst,
        providerReference: completion.providerReference ?? current.providerReference,
      };
    });
    const toMove = found.flatMap((f) => (f?.kind === 'moves' && f.isFirst ? [f] : []));
    const answers = new Map<number, TransactionRow>();
    if (toMove.length > 0) {
      for (const { current } of toMove) deps.flowWrites.set(current.id, {});
      const now = deps.clock.now();
      const settling: TransactionRow[] = toMove.map(({ current, providerReference }) => ({
        ...current,
        status: 'COMPLETED',
        providerReference,
        completedAt: now,
        updatedAt: now,
        nextPollAt: null,
      }));
      const moved = await completeTransactions(
        tx,
        settling.map(({ id, providerReference }) => ({ id, providerReference })),
        now,
      );
      if (moved.length !== toMove.length) {
        throw new Error('A payment of the group left its status under its lock');
      }
      for (const type of groupTypes) {
        const ofType = settling.filter((payment) => payment.type === type);
        if (ofType.length > 0) await deps.flows.get(type)?.settleMany?.(tx, ofType);
      }
      await shiftAllTotals(
        tx,
        toMove.map(({ current }) => ({
          type: current.type,
          from: current.status,
          to: 'COMPLETED' as const,
          amount: current.amount,
        })),
      );
      const notices: NewNotification[] = [];
      for (const row of settling) {
        // The row as committed: as locked, moved as completeTransactions moved it, with what its
        // flow wrote on it.
        const answer: TransactionRow = { ...row, ...deps.flowWrites.get(row.id) };
        answers.set(answer.id, answer);
        const notice = deps.flows.get(answer.type)?.notice(answer, 'COMPLETED');
        if (notice) {
          notices.push({
            userId: answer.userId,
            kind: 'payment.completed',
            ...notice,
            data: { transaction_id: answer.id, reference_id: answer.referenceId, type: answer.type },
          });
        }
      }
      await deps.notifications.notifyAll(tx, notices);
    }
    return found.map((f): ItemOutcome<Finished> | null => {
      if (!f) return null;
      if (f.kind === 'refused') return { ok: false, error: f.error };
      if (f.kind === 'final') return { ok: true, value: { payment: f.current, changed: false } };
      const payment = answers.get(f.current.id);
      if (!payment) throw new Error(`Payment ${f.current.id} was not answered`);
      return { ok: true, value: { payment, changed: f.isFirst } };
    });
  }

  const groups = createGroupCommit<Completion, Finished>({
    run: completeGroup,
    maxGroup: deps.maxGroup,
    concurrency: deps.concurrency,
  });
  return {
    /** Answers once the completion's group (or the completion alone) has committed. */
    complete: (completion: Completion): Promise<Finished> => groups.submit(completion),
  };
}
