import { describe, expect, it } from 'vitest';
import { createGroupCommit, type ItemOutcome } from './group-commit.ts';

/** A run() whose groups finish only when the test says so, recording each group it was given. */
function heldRuns() {
  const groups: number[][] = [];
  const release: Array<() => void> = [];
  const run = (items: readonly number[]): Promise<ItemOutcome<number>[]> => {
    groups.push([...items]);
    return new Promise((resolve) => {
      release.push(() => resolve(items.map((item) => ({ ok: true, value: item * 10 }))));
    });
  };
  return { groups, release, run };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('createGroupCommit', () => {
  it('runs an item that finds a free slot at once, alone', async () => {
    const held = heldRuns();
    const commit = createGroupCommit({ run: held.run, maxGroup: 8, concurrency: 1 });
    const answer = commit.submit(1);
    await tick();
    expect(held.groups).toEqual([[1]]);
    held.release[0]?.();
    await expect(answer).resolves.toBe(10);
  });

  it('takes the items that arrived while the slots were busy as one group, in their order', async () => {
    const held = heldRuns();
    const commit = createGroupCommit({ run: held.run, maxGroup: 8, concurrency: 1 });
    const answers = [1, 2, 3, 4].map((item) => commit.submit(item));
    await tick();
    expect(held.groups).toEqual([[1]]);
    held.release[0]?.();
    await tick();
    expect(held.groups).toEqual([[1], [2, 3, 4]]);
    held.release[1]?.();
    await expect(Promise.all(answers)).resolves.toEqual([10, 20, 30, 40]);
  });

  it('never puts more than maxGroup items in a group nor runs more than concurrency groups at once', async () => {
    const held = heldRuns();
    const commit = createGroupCommit({ run: held.run, maxGroup: 2, concurrency: 2 });
    const answers = [1, 2, 3, 4, 5, 6, 7].map((item) => commit.submit(item));
    await tick();
    expect(held.groups).toEqual([[1], [2]]);
    held.release[1]?.();
    await tick();
    expect(held.groups).toEqual([[1], [2], [3, 4]]);
    held.release[0]?.();
    await tick();
    expect(held.groups).toEqual([[1], [2], [3, 4], [5, 6]]);
    held.release[2]?.();
    await tick();
    expect(held.groups).toEqual([[1], [2], [3, 4], [5, 6], [7]]);
    held.release[3]?.();
    held.release[4]?.();
    await expect(Promise.all(answers)).resolves.toEqual([10, 20, 30, 40, 50, 60, 70]);
  });

  it('fails only the item whose outcome is an error', async () => {
    const commit = createGroupCommit<number, number>({
      run: async (items) =>
        items.map((item) =>
          item === 2 ? { ok: false, error: new Error('two') } : { ok: true, value: item },
        ),
      maxGroup: 8,
      concurrency: 1,
    });
    const answers = [1, 2, 3].map((item) => commit.submit(item));
    await expect(answers[0]).resolves.toBe(1);
    await expect(answers[1]).rejects.toThrow('two');
    await expect(answers[2]).resolves.toBe(3);
  });

  it('fails every item of a group whose run throws, and goes on with the next group', async () => {
    let calls = 0;
    const commit = createGroupCommit<number, number>({
      run: (items) => {
        calls++;
        if (calls === 1) throw new Error('broken');
        return Promise.resolve(items.map((item) => ({ ok: true as const, value: item })));
      },
      maxGroup: 8,
      concurrency: 1,
    });
    const first = commit.submit(1);
    await expect(first).rejects.toThrow('broken');
    await expect(commit.submit(2)).resolves.toBe(2);
  });

  it('fails the items a group left without an outcome instead of leaving them waiting', async () => {
    const commit = createGroupCommit<number, number>({
      run: async () => [],
      maxGroup: 8,
      concurrency: 1,
    });
    await expect(commit.submit(1)).rejects.toThrow('answered 0 outcomes');
  });

  it('refuses a group size or concurrency below 1', () => {
    expect(() => createGroupCommit({ run: async () => [], maxGroup: 0, concurrency: 1 })).toThrow();
    expect(() => createGroupCommit({ run: async () => [], maxGroup: 1, concurrency: 0 })).toThrow();
  });
});
