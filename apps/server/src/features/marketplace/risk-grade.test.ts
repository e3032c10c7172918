import { describe, expect, it } from 'vitest';
import { riskGradeOf } from './risk-grade.ts';

describe('riskGradeOf', () => {
  it.each([
    [100, 'A'],
    [85, 'A'],
    [84, 'B'],
    [70, 'B'],
    [69, 'C'],
    [55, 'C'],
    [54, 'D'],
    [40, 'D'],
    [39, 'E'],
    [0, 'E'],
  ] as const)('grades a score of %i as %s', (score, grade) => {
    expect(riskGradeOf(score)).toBe(grade);
  });

  it.each([
    [84.99, 'B'],
    [69.5, 'C'],
    [39.9, 'E'],
  ] as const)('grades a fractional score of %f below its next bound (%s)', (score, grade) => {
    expect(riskGradeOf(score)).toBe(grade);
  });

  it.each([-1, 101, Number.NaN, Number.POSITIVE_INFINITY])(
    'refuses %f, which is not a credit score',
    (score) => {
      expect(() => riskGradeOf(score)).toThrow(RangeError);
    },
  );
});
