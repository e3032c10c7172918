import { type PlatformTransaction, toUgxString } from '@sente/contract';
import { kampalaDate, kampalaTime } from '../../kampala-time.ts';
import type { TransactionWithUser } from './payments.repo.ts';

export function toPlatformTransactionDto(row: TransactionWithUser): PlatformTransaction {
  return {
    id: row.id,
    reference_id: row.referenceId,
    user_id: row.userId,
    user_name: row.userName,
    user_email: row.userEmail,
    date: kampalaDate(row.createdAt),
    time: kampalaTime(row.createdAt),
    type: row.type,
    transaction_type: row.direction,
    amount: toUgxString(row.amount),
    status: row.status,
    loan_id: row.loanId,
    provider: row.provider,
    provider_reference: row.providerReference,
    phone_number: row.phoneNumber,
    failure_reason: row.failureReason,
    created_at: row.createdAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
    description: row.description,
    category: row.category,
  };
}
