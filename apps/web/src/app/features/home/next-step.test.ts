import type { BorrowerApplicationDto, LoanDto } from '@sente/contract';
import { describe, expect, it } from 'vitest';
import { type BorrowerFacts, nextStepFor } from './next-step.ts';

function application(patch: Partial<BorrowerApplicationDto> = {}): BorrowerApplicationDto {
  return {
    id: 7,
    user: 3,
    user_name: 'Amina',
    business_name: 'Amina Traders',
    business_location: 'Kampala, Owino',
    business_type: 'Retail',
    status: 'PENDING',
    amount_requested: '1000000.00',
    loan_term: 6,
    loan_type: 1,
    loan_type_name: 'Working Capital',
    loan_purpose: 'Stock',
    monthly_income: '2500000.00',
    nin: 'CM12345678901A',
    approved_loan: null,
    decision_reason: null,
    decided_at: null,
    document_count: 0,
    document_types: [],
    listing: null,
    created_at: '2025-03-01T09:00:00Z',
    updated_at: '2025-03-01T09:00:00Z',
    ...patch,
  };
}

function loan(patch: Partial<LoanDto> = {}): LoanDto {
  return {
    id: 11,
    loan_id: 'SL-2025-000011',
    user: 3,
    user_name: 'Amina',
    application: 7,
    loan_type: 1,
    loan_type_name: 'Working Capital',
    amount: '1000000.00',
    interest_rate: '2.80',
    interest_type: 'FLAT',
    loan_term: 26,
    loan_term_months: 6,
    weekly_repayment: '44923.00',
    total_interest: '168000.00',
    total_payable: '1168000.00',
    total_payments: '0.00',
    remaining_balance: '1168000.00',
    payment_percentage: 0,
    days_in_arrears: 0,
    status: 'ACTIVE',
    opening_date: '2025-03-03T09:00:00Z',
    closing_date: '2025-09-01',
    next_due_date: '2025-03-10',
    ...patch,
  };
}

const ready: BorrowerFacts = { isPhoneVerified: true, isKycComplete: true, applications: [], loans: [] };

describe('nextStepFor', () => {
  it('asks for the phone first, whatever else is true', () => {
    expect(nextStepFor({ ...ready, isPhoneVerified: false }).kind).toBe('confirm-phone');
  });

  it('asks to finish the profile before a first application', () => {
    expect(nextStepFor({ ...ready, isKycComplete: false })).toEqual({
      kind: 'finish-profile',
      to: '/app/profile',
    });
  });

  it('asks to apply when there is nothing in progress', () => {
    expect(nextStepFor(ready)).toEqual({ kind: 'apply', to: '/app/apply' });
  });

  it('asks for the expected documents still missing, whatever the count', () => {
    const twoIds = application({ document_count: 2, document_types: ['NATIONAL_ID', 'URA_REGISTRATION'] });
    expect(nextStepFor({ ...ready, applications: [twoIds] })).toEqual({
      kind: 'upload-documents',
      to: '/app/applications/7',
      missing: ['bank or cash-flow statements'],
    });
    const none = application();
    expect(nextStepFor({ ...ready, applications: [none] })).toMatchObject({
      missing: ['your National ID', 'a business registration document', 'bank or cash-flow statements'],
    });
  });

  it('asks to finish the profile while a pending application waits for it', () => {
    const step = nextStepFor({ ...ready, isKycComplete: false, applications: [application()] });
    expect(step.kind).toBe('finish-profile');
  });

  it('says the decision is awaited once the documents are in', () => {
    const complete = application({
      document_count: 3,
      document_types: ['NATIONAL_ID', 'TRADE_LICENSE', 'CASH_FLOW'],
    });
    expect(nextStepFor({ ...ready, applications: [complete] }).kind).toBe('wait-for-decision');
  });

  it('follows the listing of an approved application: bidding, offers, ended, funded', () => {
    const listing = { id: 5, funded_amount: '0.00', closes_at: '2025-03-02T09:00:00Z' };
    const approved = (status: 'OPEN' | 'OFFERED' | 'EXPIRED' | 'FUNDED') =>
      nextStepFor({
        ...ready,
        applications: [application({ status: 'APPROVED', listing: { ...listing, status } })],
      });
    expect(approved('OPEN')).toEqual({
      kind: 'wait-for-lenders',
      to: '/app/applications/7',
      closesAt: listing.closes_at,
    });
    expect(approved('OFFERED').kind).toBe('choose-offer');
    expect(approved('EXPIRED').kind).toBe('offers-ended');
    expect(approved('FUNDED').kind).toBe('wait-for-money');
  });

  it('points at the next installment of an open loan once the application became it', () => {
    const step = nextStepFor({
      ...ready,
      applications: [application({ status: 'APPROVED', approved_loan: 11 })],
      loans: [loan()],
    });
    expect(step).toMatchObject({ kind: 'next-installment', to: '/app/loans/11' });
  });

  it('puts arrears before anything else but the phone', () => {
    const step = nextStepFor({
      ...ready,
      applications: [application({ id: 8 })],
      loans: [loan({ status: 'OVERDUE', days_in_arrears: 3 })],
    });
    expect(step).toMatchObject({ kind: 'pay-arrears', to: '/app/loans/11' });
  });

  it('gives the reason of a rejection, and never for an application that became a loan', () => {
    const rejected = application({ status: 'REJECTED', decision_reason: 'Income too low for this amount' });
    expect(nextStepFor({ ...ready, applications: [rejected] })).toEqual({
      kind: 'rejected',
      to: '/app/applications/7',
      reason: 'Income too low for this amount',
    });
  });

  it('asks to apply again once every loan is paid', () => {
    const paid = loan({ status: 'FULLY_PAID', remaining_balance: '0.00', next_due_date: null });
    const step = nextStepFor({
      ...ready,
      applications: [application({ status: 'APPROVED', approved_loan: 11 })],
      loans: [paid],
    });
    expect(step.kind).toBe('apply');
  });
});
