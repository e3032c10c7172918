import {
  kampalaDateTime,
  type PaymentNeedingAttention,
  type PlatformTransaction,
  toUgxString,
} from '@sente/contract';
import type { ShownTransaction, TransactionNeedingAttention } from './platform-transaction.ts';

export function toPlatformTransactionDto(row: ShownTransaction): PlatformTransaction {
  const kampala = kampalaDateTime(row.createdAt);
  return {
    id: row.id,
    reference_id: row.referenceId,
    user_id: row.userId,
    user_name: row.userName,
    user_email: row.userEmail,
    date: kampala.date,
    time: kampala.time,
    type: row.type,
    transaction_type: row.direction,
    amount: toUgxString(row.amount),
    status: row.status,
    loan_id: row.loanId,
    loan_ref: row.loanRef,
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

export function toPaymentNeedingAttentionDto(row: TransactionNeedingAttention): PaymentNeedingAttention {
  return {
    ...toPlatformTransactionDto(row),
    attention_reason: row.attentionReason,
    attention_at: row.attentionAt.toISOString(),
  };
}
