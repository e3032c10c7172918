/** Risk grade from the credit score (decisions.md, The marketplace): A ≥ 85, B 70–84, C 55–69, D 40–54, E < 40. */
export type RiskGrade = 'A' | 'B' | 'C' | 'D' | 'E';

/**
 * Scores are 0–100 (docs/lending.md, Credit check). A fractional score is graded by the same bounds
 * (84.5 is B: it is not yet 85); a score outside 0–100 or not a number is a bug, not a grade.
 */
export function riskGradeOf(creditScore: number): RiskGrade {
  if (!Number.isFinite(creditScore) || creditScore < 0 || creditScore > 100) {
    throw new RangeError(`Not a credit score: ${creditScore}`);
  }
  if (creditScore >= 85) return 'A';
  if (creditScore >= 70) return 'B';
  if (creditScore >= 55) return 'C';
  if (creditScore >= 40) return 'D';
  return 'E';
}
