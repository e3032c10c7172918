import { DAY_MS, rateToBasisPoints } from '@sente/contract';
import { eq } from 'drizzle-orm';
import type { Services } from '../app.ts';
import { users } from '../db/schema/index.ts';
import { APPLICATIONS } from './demo-applications.ts';
import { recordDisbursement, recordPayment, recordRepayment, type SeedClock } from './demo-lending.ts';
import {
  activeDemoLenders,
  firstAdminId,
  firstFlatLoanType,
  marketplaceApplicationDocuments,
} from './demo-lookups.ts';
import { DEMO_PEOPLE } from './demo-people.ts';

const HOUR = 60 * 60 * 1000;
const MINUTE = 60 * 1000;

/** How long ago the lenders' first loan was paid out: past the 30 days a return needs (docs/marketplace.md). */
export const FIRST_LENDER_LOAN_DAYS_AGO = 56;

export interface DemoMarketplaceHistory {
  /** The active demo lenders with their KYC, verified ~two months ago. */
  readonly verifiedLenders: number;
  /** Loans funded by lenders before today, with their repayments since: 1, or 0 when the data is short. */
  readonly lenderLoans: number;
  readonly repayments: number;
}

/**
 * The marketplace's past, on the seed's clock like the rest of the history: the active demo lenders
 * accept the terms and are verified two months ago, three of them top up their wallets and fund a
 * loan that was paid out eight weeks ago and repaid every week since. So a demo lender's portfolio
 * has a real net annual return to show (it needs 30 days of lending) and a repayment history, not
 * only the loan the live part of the seed funds today. No provider is called: each payment is
 * recorded and completed at its date through the gateway, as the lending history's are.
 */
export async function seedDemoMarketplaceHistory(
  services: Services,
  clock: SeedClock,
): Promise<DemoMarketplaceHistory> {
  const now = clock.now().getTime();
  const none = { verifiedLenders: 0, lenderLoans: 0, repayments: 0 };
  const adminId = await firstAdminId(services.db);
  if (adminId === undefined) return none;
  const start = now - FIRST_LENDER_LOAN_DAYS_AGO * DAY_MS;

  clock.set(new Date(start - 7 * DAY_MS));
  const lenders = await activeDemoLenders(services.db);
  for (const lender of lenders) {
    await services.lenders.acceptTerms(lender.id);
    await services.lenderAdmin.verify(adminId, lender.id, 'Demo: National ID and address checked');
  }

  const type = await firstFlatLoanType(services.db);
  // The last borrower free of demo applications: the live part takes the first ones.
  const busy = new Set(APPLICATIONS.map((a) => a.borrower));
  const person = DEMO_PEOPLE.filter(
    (p) => p.role === 'borrower' && p.status === 'Active' && p.kyc?.nationalId && !busy.has(p.email),
  ).at(-1);
  const funders = lenders.slice(0, 3);
  if (!type || !person?.kyc?.nationalId || funders.length < 3)
    return { ...none, verifiedLenders: lenders.length };
  const [borrower] = await services.db.select().from(users).where(eq(users.email, person.email));
  if (!borrower) return { ...none, verifiedLenders: lenders.length };

  const shares = [600_000, 500_000, 400_000];
  const amount = shares.reduce((sum, share) => sum + share, 0);
  for (const [index, lender] of funders.entries()) {
    await recordPayment(services, clock, new Date(start - 6 * DAY_MS + index * HOUR), {
      type: 'DEPOSIT',
      userId: lender.id,
      amount: 1_000_000,
      phoneNumber: lender.phone,
      requestKey: `history.deposit:${lender.id}`,
      description: `Wallet top-up from ${lender.phone}`,
    });
  }

  clock.set(new Date(start - 2 * DAY_MS));
  const { application } = await services.applications.create(borrower.id, {
    business_name: `${person.name.split(' ')[0]} Hardware`,
    business_location: `${person.district} Central Market, ${person.district}`,
    business_type: 'Retail',
    amount_requested: amount,
    loan_term: 3,
    loan_type: type.id,
    loan_purpose: 'Cement and iron sheets for the building season',
    monthly_income: 2_800_000,
    nin: person.kyc.nationalId,
  });
  for (const [index, file] of marketplaceApplicationDocuments(person).entries()) {
    clock.set(new Date(start - 2 * DAY_MS + (index + 1) * 5 * MINUTE));
    await services.documents.upload({
      applicationId: application.id,
      userId: borrower.id,
      documentType: file.type,
      fileName: file.name,
      bytes: file.bytes,
    });
  }
  // Approved, bid on, offered and accepted within the hour, so any LISTING_HOURS and OFFER_HOURS fit.
  const approvedAt = start - DAY_MS;
  clock.set(new Date(approvedAt));
  await services.applications.approve(application.id, adminId, 'Demo: approved for the marketplace');
  const listing = await services.marketplace.listingOfApplication(application.id);

  const maxRate = rateToBasisPoints(type.interestRate);
  for (const [index, lender] of funders.entries()) {
    clock.set(new Date(approvedAt + (index + 1) * 10 * MINUTE));
    await services.marketplace.placeBid({
      lenderId: lender.id,
      listingId: listing.id,
      amount: shares[index] ?? 0,
      rateBp: maxRate - 20 * (3 - index),
      idempotencyKey: `history-bid-${listing.id}-${lender.id}`,
    });
  }
  const viewer = { id: borrower.id, role: 'borrower' };
  clock.set(new Date(approvedAt + 40 * MINUTE));
  await services.marketplace.requestOffers(viewer, application.id);
  const [offer] = await services.marketplace.offersOf(viewer, application.id);
  if (!offer) return { ...none, verifiedLenders: lenders.length };
  clock.set(new Date(approvedAt + 50 * MINUTE));
  await services.marketplace.acceptOffer({
    viewer,
    applicationId: application.id,
    offerId: offer.id,
    idempotencyKey: `history-accept-${application.id}`,
  });

  const loanId = await recordDisbursement(services, clock, application.id, new Date(start), adminId);

  // Every installment paid the day before it falls due, as far as today.
  const detail = await services.loans.detailFor({ id: 0, role: 'admin' }, loanId);
  let repayments = 0;
  for (const installment of detail.installments) {
    const paidAt = new Date(start + installment.number * 7 * DAY_MS - DAY_MS);
    if (paidAt.getTime() > now) break;
    await recordRepayment(
      services,
      clock,
      loanId,
      installment.principalDue + installment.interestDue,
      paidAt,
    );
    repayments++;
  }
  clock.set(new Date(now));
  return { verifiedLenders: lenders.length, lenderLoans: 1, repayments };
}
