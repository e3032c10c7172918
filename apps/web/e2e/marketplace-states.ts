/**
 * Marketplace states the demo data may not hold when a test runs (another suite may have listed its
 * expired listings again), made the way a real day makes them, through the API.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { callAs, createAccount } from './accounts.ts';
import { adminApi, loginThroughApi } from './admin-session.ts';
import { eventually, harness } from './harness.ts';
import { createLender } from './lender-accounts.ts';

interface LoanType {
  readonly id: number;
  readonly status: string;
  readonly min_amount: string;
}

const shillings = (wire: string) => Number(wire.replace(/\.00$/, ''));

/** A verified lender with `amount` in its wallet, deposited by mobile money (the simulator). */
export async function fundedLender(name: string, amount: number) {
  const lender = await createLender(name, { isReady: true });
  await adminApi(`/api/marketplace/admin/lenders/${lender.id}/verify/`, {
    method: 'POST',
    body: { note: 'Browser test: certificate checked' },
  });
  await callAs(lender, 'POST', '/api/wallet/deposit/', {
    body: { amount, phone_number: lender.phone },
    headers: { 'idempotency-key': randomUUID() },
  });
  return eventually(`the deposit of ${name} did not settle`, 20, async () => {
    const portfolio = await callAs<{ cash_available: string }>(lender, 'GET', '/api/lender/portfolio/');
    return shillings(portfolio.cash_available) >= amount ? lender : undefined;
  });
}

/**
 * A borrower's new application for the cheapest loan type's minimum, approved (the approval lists
 * it), and a new verified lender's bid covering it at the listing's rate.
 */
async function coveredListing(label: string) {
  // A payout needs the borrower's mobile-money number.
  const phone = `0772${String(randomInt(1_000_000)).padStart(6, '0')}`;
  const borrower = await createAccount(`${label} Borrower`, 'borrower', { phone });
  const types = await adminApi<{ results: LoanType[] }>('/api/loans/loan-types/?status=ACTIVE&page_size=100');
  const type = types.results.toSorted((a, b) => shillings(a.min_amount) - shillings(b.min_amount))[0];
  if (!type) throw new Error('no active loan type');
  const amount = shillings(type.min_amount);
  const lender = await fundedLender(`${label} Lender`, amount);
  const application = await callAs<{ id: number }>(borrower, 'POST', '/api/loans/applications/', {
    body: {
      business_name: `${label} Traders`,
      business_location: 'Nakasero Market, Kampala',
      business_type: 'Retail',
      amount_requested: amount,
      loan_term: 3,
      loan_type: type.id,
      loan_purpose: 'Stock for the browser test',
      monthly_income: 2_000_000,
      nin: 'CF90010112345A',
    },
  });
  const approved = await adminApi<{ listing: { id: number } | null }>(
    `/api/loans/applications/${application.id}/approve/`,
    { method: 'POST', body: {} },
  );
  const listing = approved.listing;
  if (!listing) throw new Error(`approving application ${application.id} did not list it`);
  const open = await adminApi<{ max_rate: string }>(`/api/marketplace/listings/${listing.id}/`);
  await callAs(lender, 'POST', `/api/marketplace/listings/${listing.id}/bids/`, {
    body: { amount, rate: open.max_rate },
    headers: { 'idempotency-key': randomUUID() },
  });
  return { borrower, lender, applicationId: application.id, listing, amount };
}

/** A new EXPIRED listing: a lender's bid covers it, the borrower asks for offers and declines them. */
export async function expiredListing(label: string): Promise<{ id: number }> {
  const { borrower, applicationId, listing } = await coveredListing(label);
  await callAs(borrower, 'POST', `/api/loans/applications/${applicationId}/offers/request/`);
  await callAs(borrower, 'POST', `/api/loans/applications/${applicationId}/offers/decline/`);
  return listing;
}

/** An admin pays an application out and waits for its loan (the simulator pays within a second). */
export async function disburse(applicationId: number): Promise<number> {
  const { access } = await loginThroughApi();
  const response = await fetch(`${harness().baseUrl}/api/loans/applications/${applicationId}/disburse/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${access}`, 'idempotency-key': randomUUID() },
  });
  if (response.status !== 201 && response.status !== 202) {
    throw new Error(`disburse answered ${response.status}: ${await response.text()}`);
  }
  return eventually(`application ${applicationId} was not disbursed`, 30, async () => {
    const application = await adminApi<{ approved_loan: number | null }>(
      `/api/loans/applications/${applicationId}/`,
    );
    return application.approved_loan ?? undefined;
  });
}

/**
 * A loan one new lender funded alone: its bid covers a new listing, the borrower accepts the full
 * offer and an admin pays it out. The lender's cash is then all lent out.
 */
export async function lenderFundedLoan(label: string) {
  const { borrower, lender, applicationId, amount } = await coveredListing(label);
  const offers = await callAs<Array<{ id: number; kind: string }>>(
    borrower,
    'POST',
    `/api/loans/applications/${applicationId}/offers/request/`,
  );
  const full = offers.find((offer) => offer.kind === 'full');
  if (!full) throw new Error(`application ${applicationId} got no full offer`);
  await callAs(borrower, 'POST', `/api/loans/applications/${applicationId}/offers/${full.id}/accept/`, {
    headers: { 'idempotency-key': randomUUID() },
  });
  const loanId = await disburse(applicationId);
  return { borrower, lender, loanId, amount };
}

/** A loan type only the calling test uses (its rate, 2.65%, is every listing's maximum). */
export async function ownLoanType(name: string): Promise<{ id: number; name: string }> {
  const type = await adminApi<{ id: number }>('/api/loans/loan-types/', {
    method: 'POST',
    body: {
      loan_type_name: name,
      min_amount: 100_000,
      max_amount: 5_000_000,
      interest_rate: '2.65',
      interest_type: 'FLAT',
      appraisal_time: '24 hours',
      status: 'ACTIVE',
    },
  });
  return { id: type.id, name };
}

/**
 * A new borrower applies for 600,000 over `months`, with a name, street and NIN a lender must never
 * see ("Secret …"); the admin's approval lists it. Answers the listing's id.
 */
export async function secretListing(typeId: number, months: number, run: number): Promise<number> {
  const borrower = await createAccount(`Market Borrower ${run} ${months}`, 'borrower');
  const application = await callAs<{ id: number }>(borrower, 'POST', '/api/loans/applications/', {
    body: {
      business_name: `Secret Traders ${run}`,
      business_location: 'Kampala, Plot 7 Secret Street',
      business_type: 'Hardware shop',
      amount_requested: 600_000,
      loan_term: months,
      loan_type: typeId,
      loan_purpose: `Stock for ${months} months`,
      monthly_income: 2_000_000,
      nin: 'CF90010112345A',
    },
  });
  const approved = await adminApi<{ listing: { id: number } | null }>(
    `/api/loans/applications/${application.id}/approve/`,
    { method: 'POST', body: {} },
  );
  if (!approved.listing) throw new Error(`approving application ${application.id} did not list it`);
  return approved.listing.id;
}
