import type { ContactMessageDto, LenderInterestDto } from '@sente/contract';
import type { ContactMessageRow, LenderInterestRow } from './public-forms.repo.ts';

export function toContactMessageDto(row: ContactMessageRow): ContactMessageDto {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone_number: row.phoneNumber,
    topic: row.topic,
    message: row.message,
    created_at: row.createdAt.toISOString(),
  };
}

export function toLenderInterestDto(row: LenderInterestRow): LenderInterestDto {
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
  };
}
