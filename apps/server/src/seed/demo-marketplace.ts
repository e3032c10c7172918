import { rateToBasisPoints } from '@sente/contract';
import { eq } from 'drizzle-orm';
import type { Services } from '../app.ts';
import { users } from '../db/schema/index.ts';
import { APPLICATIONS } from './demo-applications.ts';
import {
  activeDemoLenders,
  firstAdminId,
  firstFlatLoanType,
  marketplaceApplicationDocuments,
} from './demo-lookups.ts';
import { DEMO_PEOPLE } from './demo-people.ts';

export interface DemoMarketplace {
  readonly verifiedLenders: number;
  readonly listings: number;
  readonly bids: number;
  readonly offered: number;
  readonly funded: number;
  readonly expired: number;
}

/**
 * The marketplace of the demo, made by the live services as a real day would make it, after its
 * history (the lenders verified and a first loan funded weeks ago): new applications are approved and listed, lenders
 * bid, one borrower has offers to choose from, one declined hers (an EXPIRED listing an admin may
 * relist), and one loan is funded by three lenders, paid out and repaid once, so every lender and
 * back-office screen has something to show. Needs the MoMo simulator (the money
 * moves through it); without it this part is skipped.
 */
export async function seedDemoMarketplace(services: Services): Promise<DemoMarketplace> {
  const none = { verifiedLenders: 0, listings: 0, bids: 0, offered: 0, funded: 0, expired: 0 };
  const simulator = services.paymentProviders.simulator;
  if (!simulator) return none;
  const adminId = await firstAdminId(services.db);
  if (adminId === undefined) return none;

  // Verified two months ago by the history (demo-marketplace-history.ts).
  const lenders = (await activeDemoLenders(services.db)).map((lender) => lender.id);
  const type = await firstFlatLoanType(services.db);
  // One open application per borrower: the new ones go to borrowers whose demo applications are
  // all rejected or paid out.
  const busy = new Set(
    APPLICATIONS.filter((a) => a.outcome === 'PENDING' || a.outcome === 'APPROVED').map((a) => a.borrower),
  );
  const borrowers = DEMO_PEOPLE.filter(
    (p) => p.role === 'borrower' && p.status === 'Active' && p.kyc && !busy.has(p.email),
  );
  if (!type || lenders.length < 3 || borrowers.length < 4)
    return { ...none, verifiedLenders: lenders.length };
  if (lenders[0] !== undefined) {
    await services.autoInvest.save(lenders[0], {
      enabled: true,
      riskGrades: ['A', 'B', 'C'],
      loanTypeIds: [],
      maxTermMonths: 12,
      minRateBp: 200,
      amountPerLoan: 200_000,
      maxSharePercent: 25,
      keepCash: 500_000,
    });
  }

  const maxRate = rateToBasisPoints(type.interestRate);
  const amount = Math.max(type.minAmount, Math.min(type.maxAmount, 1_500_000));
  let bids = 0;
  const listed = [];
  // Four new applications, one per borrower, approved and so listed at once.
  for (const [index, person] of borrowers.slice(0, 4).entries()) {
    const [user] = await services.db.select().from(users).where(eq(users.email, person.email));
    if (!user || !person.kyc?.nationalId) continue;
    const application = await services.applications.create(user.id, {
      business_name: `${person.name.split(' ')[0]} Traders`,
      business_location: `${person.district} Central Market, ${person.district}`,
      business_type: 'Retail',
      amount_requested: amount,
      loan_term: 3,
      loan_type: type.id,
      loan_purpose:
        [
          'Restock before the school term',
          'A second sewing machine',
          'Cold storage for produce',
          'A bigger stall in the new market',
        ][index] ?? 'Stock',
      monthly_income: 2_400_000,
      nin: person.kyc.nationalId,
    });
    for (const file of marketplaceApplicationDocuments(person)) {
      await services.documents.upload({
        applicationId: application.application.id,
        userId: user.id,
        documentType: file.type,
        fileName: file.name,
        bytes: file.bytes,
      });
    }
    await services.applications.approve(
      application.application.id,
      adminId,
      'Demo: approved for the marketplace',
    );
    const listing = await services.marketplace.listingOfApplication(application.application.id);
    listed.push({ borrowerId: user.id, applicationId: application.application.id, listingId: listing.id });
  }

  const bid = async (lenderIndex: number, listingId: number, bidAmount: number, rateBp: number) => {
    const lenderId = lenders[lenderIndex % lenders.length];
    if (lenderId === undefined) return;
    await services.marketplace.placeBid({
      lenderId,
      listingId,
      amount: bidAmount,
      rateBp: Math.min(rateBp, maxRate),
      idempotencyKey: `demo-bid-${listingId}-${lenderId}`,
    });
    bids++;
  };

  // 1: partly funded, still open.
  const [open, offered, funded, declined] = listed;
  if (open) {
    await bid(0, open.listingId, 400_000, maxRate - 40);
    await bid(1, open.listingId, 300_000, maxRate - 20);
  }
  // 2: covered; the borrower asked for offers and has them to choose from.
  let offeredCount = 0;
  if (offered) {
    await bid(0, offered.listingId, 700_000, maxRate - 60);
    await bid(1, offered.listingId, 500_000, maxRate - 30);
    await bid(2, offered.listingId, 600_000, maxRate - 10);
    await services.marketplace.requestOffers(
      { id: offered.borrowerId, role: 'borrower' },
      offered.applicationId,
    );
    offeredCount++;
  }
  // 4: covered, offered, and the borrower declined: EXPIRED, every bid released, ready to relist.
  let expiredCount = 0;
  if (declined) {
    await bid(2, declined.listingId, 900_000, maxRate - 20);
    await bid(3, declined.listingId, 600_000, maxRate - 10);
    const borrower = { id: declined.borrowerId, role: 'borrower' };
    await services.marketplace.requestOffers(borrower, declined.applicationId);
    await services.marketplace.declineOffers(borrower, declined.applicationId);
    expiredCount++;
  }
  // 3: funded by three lenders, paid out and repaid once through the simulator.
  let fundedCount = 0;
  if (funded) {
    await bid(1, funded.listingId, 800_000, maxRate - 50);
    await bid(2, funded.listingId, 500_000, maxRate - 30);
    await bid(3, funded.listingId, 400_000, maxRate - 20);
    await services.marketplace.requestOffers(
      { id: funded.borrowerId, role: 'borrower' },
      funded.applicationId,
    );
    const [full] = await services.marketplace.offersOf(
      { id: funded.borrowerId, role: 'borrower' },
      funded.applicationId,
    );
    if (full) {
      await services.marketplace.acceptOffer({
        viewer: { id: funded.borrowerId, role: 'borrower' },
        applicationId: funded.applicationId,
        offerId: full.id,
        idempotencyKey: `demo-accept-${funded.applicationId}`,
      });
      simulator.configure({ delayMs: 0, failureRate: 0 });
      try {
        const outcome = await services.lending.disburse({
          applicationId: funded.applicationId,
          adminId,
          idempotencyKey: `demo-disburse-${funded.applicationId}`,
        });
        if (outcome.kind === 'loan') {
          const loan = await services.loans.get(outcome.loanId);
          const [borrower] = await services.db.select().from(users).where(eq(users.id, funded.borrowerId));
          const payment = await services.lending.repay({
            loanId: outcome.loanId,
            user: { id: funded.borrowerId, role: 'borrower' },
            amount: loan.loan.weeklyRepayment,
            phoneNumber: borrower?.phoneNumber ?? '',
            idempotencyKey: `demo-repay-${outcome.loanId}`,
          });
          await services.payments.waitUntilFinal(payment.id, 5_000, 20);
          fundedCount++;
        }
      } finally {
        simulator.configure({
          delayMs: services.paymentProviders.defaults.delayMs,
          failureRate: services.paymentProviders.defaults.failureRate,
        });
      }
    }
  }
  return {
    verifiedLenders: lenders.length,
    listings: listed.length,
    bids,
    offered: offeredCount,
    funded: fundedCount,
    expired: expiredCount,
  };
}
