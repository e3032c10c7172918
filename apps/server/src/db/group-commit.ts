/** What a group answers for one of its items: its value, or the error that item alone met. */
export type ItemOutcome<O> =
  | { readonly ok: true; readonly value: O }
  | { readonly ok: false; readonly error: unknown };

export interface GroupCommitOptions<I, O> {
  /**
   * Does the items as one unit of work and answers one outcome per item, in their order. A throw
   * fails every item of the group with that error.
   */
  readonly run: (items: readonly I[]) => Promise<readonly ItemOutcome<O>[]>;
  /** The most items one group takes. */
  readonly maxGroup: number;
  /** How many groups may run at once. */
  readonly concurrency: number;
}

export interface GroupCommit<I, O> {
  /** Answers when the group that took the item has run (committed). */
  submit(item: I): Promise<O>;
}

interface Waiting<I, O> {
  readonly item: I;
  readonly resolve: (value: O) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * Group commit for units of work that arrive together (ADR 015): an item that finds a free slot runs
 * at once, alone, so a quiet server answers as fast as before; items that arrive while `concurrency`
 * groups are running wait, and the next free slot takes up to `maxGroup` of them as one group. Under
 * load a group's fixed cost (its round trips, its statements' parsing and planning, its commit, its
 * hold of the rows every group shares) is paid once for many items instead of once for each. Nothing
 * waits on a timer: a group is as large as the queue that formed while the others ran.
 */
export function createGroupCommit<I, O>(options: GroupCommitOptions<I, O>): GroupCommit<I, O> {
  if (!(options.maxGroup >= 1 && options.concurrency >= 1)) {
    throw new Error('A group commit needs maxGroup and concurrency of at least 1');
  }
  const waiting: Waiting<I, O>[] = [];
  let running = 0;

  function settle(group: readonly Waiting<I, O>[], outcomes: readonly ItemOutcome<O>[]): void {
    group.forEach((entry, index) => {
      const outcome = outcomes[index];
      if (!outcome)
        entry.reject(new Error(`A group of ${group.length} answered ${outcomes.length} outcomes`));
      else if (outcome.ok) entry.resolve(outcome.value);
      else entry.reject(outcome.error);
    });
  }

  function pump(): void {
    while (running < options.concurrency && waiting.length > 0) {
      const group = waiting.splice(0, options.maxGroup);
      running++;
      // A synchronous throw from run() fails its group like a rejected promise.
      Promise.resolve()
        .then(() => options.run(group.map((entry) => entry.item)))
        .then(
          (outcomes) => settle(group, outcomes),
          (error: unknown) => {
            for (const entry of group) entry.reject(error);
          },
        )
        .finally(() => {
          running--;
          pump();
        });
    }
  }

  return {
    submit(item) {
      return new Promise<O>((resolve, reject) => {
        waiting.push({ item, resolve, reject });
        pump();
      });
    },
  };
}
