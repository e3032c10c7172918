import { describe, expect, it } from 'vitest';
import { delayAfterFailures, describeWait, waitBeforeNextTry } from './sign-in-throttle.ts';

describe('delayAfterFailures', () => {
  it.each([
    [0, 0],
    [2, 0],
    [3, 1_000],
    [4, 2_000],
    [5, 4_000],
    [12, 512_000],
    [13, 900_000],
    [500, 900_000],
  ])('after %i failures waits %i ms', (failures, ms) => {
    expect(delayAfterFailures(failures)).toBe(ms);
  });
});

describe('waitBeforeNextTry', () => {
  const last = new Date('2026-11-20T08:00:00Z');
  it('counts the delay from the latest failure', () => {
    expect(waitBeforeNextTry(4, last, new Date(last.getTime() + 500))).toBe(1_500);
    expect(waitBeforeNextTry(4, last, new Date(last.getTime() + 2_000))).toBe(0);
    expect(waitBeforeNextTry(0, null, last)).toBe(0);
  });
});

describe('describeWait', () => {
  it.each([
    [1, '1 second'],
    [59, '59 seconds'],
    [60, '1 minute'],
    [61, '2 minutes'],
    [900, '15 minutes'],
  ])('%i s reads "%s"', (seconds, text) => {
    expect(describeWait(seconds)).toBe(text);
  });
});
