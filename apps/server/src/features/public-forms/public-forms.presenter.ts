import type { ContactMessageDto, LenderInterestDto } from '@sente/contract';
import type { ListedContactMessage, ListedLenderInterest } from './public-forms.repo.ts';

function handlingOf(row: ListedContactMessage | ListedLenderInterest) {
  return {
    status: row.status,
    assignee: row.assigneeId === null ? null : { id: row.assigneeId, name: row.assigneeName ?? '' },
    notes: row.notes,
    updated_at: row.updatedAt?.toISOString() ?? null,
  };
}

export function toContactMessageDto(row: ListedContactMessage): ContactMessageDto {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone_number: row.phoneNumber,
    topic: row.topic,
    message: row.message,
    created_at: row.createdAt.toISOString(),
    ...handlingOf(row),
  };
}

export function toLenderInterestDto(row: ListedLenderInterest): LenderInterestDto {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone_number: row.phoneNumber,
    lender_type: row.lenderType,
    organisation: row.organisation,
    investment_range: row.investmentRange,
    message: row.message,
    created_at: row.createdAt.toISOString(),
    ...handlingOf(row),
    invited_user_id: row.invitedUserId,
    invited_at: row.invitedAt?.toISOString() ?? null,
  };
}
