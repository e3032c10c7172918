/**
 * How a repayment spreads over a schedule (decisions.md, Lending rules), pure: the oldest installment
 * first, interest before principal. Shared by `allocateRepayment` and the bulk seeder, so generated
 * histories obey the same rule as real payments.
 */
export interface InstallmentBalance {
  readonly principalDue: number;
  readonly interestDue: number;
  principalPaid: number;
  interestPaid: number;
}

export interface ScheduleAllocation {
  readonly principal: number;
  readonly interest: number;
  /** Indexes of the installments the payment reached, in order. */
  readonly touched: readonly number[];
}

/** Applies `amount` to the rows (mutating their paid amounts). Throws if the amount exceeds what is owed. */
export function allocateAcrossInstallments(
  rows: readonly InstallmentBalance[],
  amount: number,
): ScheduleAllocation {
  let left = amount;
  let principal = 0;
  let interest = 0;
  const touched: number[] = [];
  for (let index = 0; index < rows.length && left > 0; index++) {
    const row = rows[index] as InstallmentBalance;
    const interestPart = Math.min(left, row.interestDue - row.interestPaid);
    left -= interestPart;
    const principalPart = Math.min(left, row.principalDue - row.principalPaid);
    left -= principalPart;
    if (interestPart === 0 && principalPart === 0) continue;
    row.interestPaid += interestPart;
    row.principalPaid += principalPart;
    interest += interestPart;
    principal += principalPart;
    touched.push(index);
  }
  if (left !== 0) throw new Error('schedule and loan balance disagree');
  return { principal, interest, touched };
}

/** The first installment not fully paid, or undefined when the schedule is settled. */
export function oldestUnpaid<T extends InstallmentBalance>(rows: readonly T[]): T | undefined {
  return rows.find((i) => i.principalPaid < i.principalDue || i.interestPaid < i.interestDue);
}
