import { type LoanTypeDto, toUgxString } from '@sente/contract';
import type { LoanTypeRow } from './loan-types.repo.ts';

export function toLoanTypeDto(row: LoanTypeRow): LoanTypeDto {
  return {
    id: row.id,
    loan_type_name: row.name,
    min_amount: toUgxString(row.minAmount),
    max_amount: toUgxString(row.maxAmount),
    interest_rate: row.interestRate,
    interest_type: row.interestType,
    appraisal_time: row.appraisalTime,
    status: row.status,
  };
}
