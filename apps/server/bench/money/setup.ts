/**
 * The money `bench:money` moves, made by the live services on the scale database as real days make
 * it (nothing written around them): lenders deposit by mobile money, borrowers apply, an admin
 * approves (which lists the application), eight lenders bid on each listing, the borrower asks for
 * offers and accepts the full one. What comes out is FUNDED applications, ready to be disbursed.
 * Only the choice of who bids differs between the spread and the hot case.
 */
import { sql } from 'drizzle-orm';
import type { Services } from '../../src/app.ts';
import { selectRows } from '../../src/db/select-rows.ts';
import { PROVIDER_MAX_PER_TRANSACTION } from '../../src/features/payments/user-payment-limits.ts';
import { runPool } from './pool.ts';

/** Bids per listing: the most lenders a listing has in the seed (docs/scale.md). */
export const LENDERS_PER_LOAN = 8;
/** Each listing asks this much, so every lender bids a whole, round 100,000. */
export const LOAN_AMOUNT = 800_000;
const BID = LOAN_AMOUNT / LENDERS_PER_LOAN;
/** An MTN number on every collection (MTN's callbacks are the ones the bench sends). */

export interface Borrower {
  readonly id: number;
  readonly phone: string;
}

/** Verified, active lenders (they may bid) with a number to deposit from, in id order. */
export async function biddingLenders(services: Services): Promise<{ id: number; phone: string | null }[]> {
  const rows = await selectRows<{ id: number; phone: string | null }>(
    services.db,
    sql`select u.id, u.phone_number as phone from users u join lender_profiles p on p.user_id = u.id
        where u.role = 'lender' and u.status = 'Active' and u.deleted_at is null
          and p.verified_at is not null and p.terms_accepted_at is not null
          and u.phone_number is not null
        order by u.id`,
  );
  return rows.map((r) => ({ id: Number(r.id), phone: r.phone }));
}

/** Active borrowers with an MTN number and no open application, who may therefore apply. */
export async function borrowersWhoMayApply(services: Services, count: number): Promise<Borrower[]> {
  const rows = await selectRows<{ id: number; phone: string }>(
    services.db,
    sql`select u.id, u.phone_number as phone from users u
        where u.role = 'borrower' and u.status = 'Active' and u.deleted_at is null
          and u.phone_number ~ '^\\+2567[6-9]'
          and not exists (select 1 from applications a where a.user_id = u.id and (a.status = 'PENDING'
                or (a.status = 'APPROVED' and not exists (select 1 from loans l where l.application_id = a.id))))
        order by u.id desc limit ${count}`,
  );
  return rows.map((r) => ({ id: Number(r.id), phone: r.phone }));
}

/** A FLAT loan type on offer that lends LOAN_AMOUNT. */
export async function loanTypeFor(services: Services): Promise<number> {
  const [row] = await selectRows<{ id: number }>(
    services.db,
    sql`select id from loan_types where status = 'ACTIVE' and interest_type = 'FLAT'
          and min_amount <= ${LOAN_AMOUNT} and max_amount >= ${LOAN_AMOUNT} order by id limit 1`,
  );
  if (!row) throw new Error(`No active FLAT loan type lends ${LOAN_AMOUNT}`);
  return Number(row.id);
}

/**
 * Deposits what each lender will bid, by mobile money through the wallet, and waits until the
 * provider (the simulator, answering at once) has confirmed every deposit.
 */
export async function depositForBids(
  services: Services,
  bids: ReadonlyMap<number, number>,
  phones: ReadonlyMap<number, string | null>,
  label: string,
): Promise<void> {
  await runPool([...bids], 8, async ([lenderId, count]) => {
    // Money comes only from the lender's own confirmed number, and at most the provider's maximum
    // in one payment (docs/money.md §5): larger sums arrive in several deposits.
    const phone = phones.get(lenderId);
    if (!phone) throw new Error(`lender ${lenderId} has no phone number to deposit from`);
    let left = count * BID;
    for (let part = 0; left > 0; part++) {
      const amount = Math.min(left, PROVIDER_MAX_PER_TRANSACTION.mtn);
      left -= amount;
      const deposit = await services.wallet.deposit({
        userId: lenderId,
        role: 'lender',
        amount,
        phoneNumber: phone,
        idempotencyKey: `bench-${label}-deposit-${lenderId}${part === 0 ? '' : `-${part}`}`,
      });
      const final = await services.payments.waitUntilFinal(deposit.id, 10_000, 20);
      if (final.status !== 'COMPLETED') throw new Error(`deposit ${deposit.id} ended ${final.status}`);
    }
  });
}

/**
 * One FUNDED application per borrower, the i-th bid on by `lendersOf(i)` (LENDERS_PER_LOAN distinct
 * lenders with the money deposited). Answers the application ids in borrower order.
 */
export async function fundedApplications(
  services: Services,
  input: {
    borrowers: readonly Borrower[];
    lendersOf: (index: number) => readonly number[];
    loanTypeId: number;
    adminId: number;
    label: string;
  },
): Promise<number[]> {
  const ids: number[] = new Array(input.borrowers.length);
  await runPool([...input.borrowers.entries()], 6, async ([index, borrower]) => {
    const viewer = { id: borrower.id, role: 'borrower' };
    const created = await services.applications.create(borrower.id, {
      business_name: `Bench Traders ${borrower.id}`,
      business_location: 'Owino Market, Kampala',
      business_type: 'Retail',
      amount_requested: LOAN_AMOUNT,
      loan_term: 3,
      loan_type: input.loanTypeId,
      loan_purpose: 'Month-end stock',
      monthly_income: 2_400_000,
      nin: 'CM12345678901A',
    });
    const applicationId = created.application.id;
    await services.applications.approve(applicationId, input.adminId, 'Benchmark: approved');
    const listing = await services.marketplace.listingOfApplication(applicationId);
    for (const lenderId of input.lendersOf(index)) {
      await services.marketplace.placeBid({
        lenderId,
        listingId: listing.id,
        amount: BID,
        rateBp: listing.maxRateBp,
        idempotencyKey: `bench-${input.label}-bid-${listing.id}-${lenderId}`,
      });
    }
    await services.marketplace.requestOffers(viewer, applicationId);
    const [full] = await services.marketplace.offersOf(viewer, applicationId);
    if (!full) throw new Error(`application ${applicationId} got no offer`);
    await services.marketplace.acceptOffer({
      viewer,
      applicationId,
      offerId: full.id,
      idempotencyKey: `bench-${input.label}-accept-${applicationId}`,
    });
    ids[index] = applicationId;
  });
  return ids;
}

/** How many bids each lender places when the i-th of `count` listings is bid on by `lendersOf(i)`. */
export function bidsPerLender(count: number, lendersOf: (index: number) => readonly number[]) {
  const bids = new Map<number, number>();
  for (let i = 0; i < count; i++)
    for (const lender of lendersOf(i)) bids.set(lender, (bids.get(lender) ?? 0) + 1);
  return bids;
}
