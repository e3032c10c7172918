import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApplication, insertLoanType, makeLoan, repayLoan } from '../../../test/lending-factories.ts';
import { verifiedLender } from '../../../test/marketplace-helpers.ts';
import { completedRepayment, idempotencyKey } from '../../../test/money-helpers.ts';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { fixedClock } from '../../clock.ts';
import { listings, loanInstallments, loans, messages, notifications, offers } from '../../db/schema/index.ts';
import type { UserRow } from '../users/users.service.ts';
import { sendMissedPaymentNotices, sendOfferExpiryReminders } from './borrower-reminders.ts';

const kampala = (iso: string) => new Date(`${iso}+03:00`);
const clock = fixedClock(kampala('2026-03-02T10:00:00'));
let t: TestApp;
let adminUser: UserRow;

beforeAll(async () => {
  t = await createTestApp({ clock });
  adminUser = (await t.userWithToken('admin')).user;
  await t.services.capital.payIn({
    amount: 50_000_000,
    idempotencyKey: 'borrower-messages',
    reference: 'test capital',
    adminId: null,
  });
});
afterAll(async () => {
  await t.close();
});

const db = () => t.db.database.db;
/** A token signed at the clock's present: the tests move the clock past a token's 15 minutes. */
const tokenOf = (user: UserRow) =>
  t.services.accessTokens.sign({ userId: user.id, role: user.role }, clock.now());
const borrower = async (name: string) => (await t.userWithToken('borrower', { name })).user;

/** The user's outbox rows of one template, oldest first, as [channel, body]. */
async function sent(userId: number, template: string) {
  const rows = await db()
    .select()
    .from(messages)
    .where(and(eq(messages.userId, userId), eq(messages.template, template)))
    .orderBy(messages.id);
  return rows.map((row) => [row.channel, row.body] as const);
}
const smsOf = async (userId: number, template: string) =>
  (await sent(userId, template)).filter(([channel]) => channel === 'sms').map(([, body]) => body);
const inboxOf = async (userId: number, kind: string) =>
  db()
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));

async function loanRow(loanId: number) {
  const [loan] = await db().select().from(loans).where(eq(loans.id, loanId));
  if (!loan) throw new Error(`no loan ${loanId}`);
  return loan;
}
async function firstInstallment(loanId: number) {
  const [row] = await db()
    .select()
    .from(loanInstallments)
    .where(and(eq(loanInstallments.loanId, loanId), eq(loanInstallments.number, 1)));
  if (!row) throw new Error(`no schedule for loan ${loanId}`);
  return row.principalDue + row.interestDue;
}
const ugx = (amount: number) => `UGX ${amount.toLocaleString('en-US')}`;

describe('application received', () => {
  it('writes exactly an SMS and an inbox message when a borrower submits, and nothing for a refused submission', async () => {
    clock.set(kampala('2026-03-02T10:00:00'));
    const type = await insertLoanType(db(), { minAmount: 100_000, maxAmount: 10_000_000 });
    const user = await borrower('Nansubuga Ruth Kato');
    const apply = async () =>
      t.app.inject({
        method: 'POST',
        url: '/api/loans/applications/',
        headers: bearer(await tokenOf(user)),
        payload: {
          business_name: 'Nansubuga Tailoring',
          business_location: 'Nakasero Market, Kampala',
          business_type: 'Tailoring',
          amount_requested: '1200000.00',
          loan_term: 3,
          loan_type: type.id,
          loan_purpose: 'Two sewing machines',
          monthly_income: 2_000_000,
          nin: 'CF12345678901A',
        },
      });
    const res = await apply();
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as number;
    expect(await sent(user.id, 'application.received')).toEqual([
      [
        'sms',
        `Sente: Nansubuga, we received your application #${id} for UGX 1,200,000. We will text you when it is reviewed.`,
      ],
      [
        'inbox',
        `We received your application #${id} for UGX 1,200,000. Our team will review it and tell you the decision here and by SMS.`,
      ],
    ]);
    expect(await inboxOf(user.id, 'application.received')).toHaveLength(1);
    // A second open application is refused: no event, so no message.
    expect((await apply()).statusCode).toBe(409);
    expect(await sent(user.id, 'application.received')).toHaveLength(2);
  });
});

describe('offers ready and lapsing', () => {
  /** An application approved (and so listed) now, with one lender's bid covering it. */
  async function biddenListing(name: string, amount = 300_000) {
    const user = await borrower(name);
    const type = await insertLoanType(db(), { minAmount: 100_000, maxAmount: 10_000_000 });
    const application = await insertApplication(db(), {
      userId: user.id,
      loanTypeId: type.id,
      amountRequested: amount,
      loanTermMonths: 3,
      status: 'PENDING',
      creditScore: 78,
    });
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/loans/applications/${application.id}/approve/`,
      headers: bearer(await tokenOf(adminUser)),
      payload: {},
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const [listing] = await db().select().from(listings).where(eq(listings.applicationId, application.id));
    if (!listing) throw new Error('not listed');
    const lender = await verifiedLender(t, await tokenOf(adminUser), amount);
    const bid = await t.app.inject({
      method: 'POST',
      url: `/api/marketplace/listings/${listing.id}/bids/`,
      headers: { ...bearer(lender.token), 'idempotency-key': idempotencyKey('bid') },
      payload: { amount, rate: '2.00' },
    });
    expect(bid.statusCode, bid.body).toBe(201);
    return { user, application, listing };
  }
  const closeTwiceAtOnceAndRetry = async () => {
    await Promise.all([t.services.marketplace.closeDueListings(), t.services.marketplace.closeDueListings()]);
    await t.services.marketplace.closeDueListings();
  };
  const remindTwiceAtOnceAndRetry = async () => {
    await Promise.all([
      sendOfferExpiryReminders(t.services, clock.now()),
      sendOfferExpiryReminders(t.services, clock.now()),
    ]);
    await sendOfferExpiryReminders(t.services, clock.now());
  };

  it('tells the borrower once that offers are ready, and once 3 hours before they lapse', async () => {
    clock.set(kampala('2026-03-02T10:00:00'));
    const { user, application } = await biddenListing('Achieng Mary Auma');
    // The 24-hour window ends; two replicas' close jobs run at once, then a retry.
    clock.set(kampala('2026-03-03T10:05:00'));
    await closeTwiceAtOnceAndRetry();
    expect(await sent(user.id, 'offers.ready')).toEqual([
      [
        'sms',
        `Sente: Achieng, lenders made a loan offer for application #${application.id}, up to UGX 300,000. Accept one in the Sente app by 4 Mar 10:05.`,
      ],
      [
        'inbox',
        `Lenders made a loan offer for application #${application.id}, up to UGX 300,000. Compare the rate, the weekly installment and the total to repay, then accept one by 4 Mar 10:05. If you do nothing, the offers lapse.`,
      ],
    ]);

    // More than 3 hours before the offers lapse at 10:05: nothing yet.
    clock.set(kampala('2026-03-04T07:00:00'));
    await remindTwiceAtOnceAndRetry();
    expect(await sent(user.id, 'offers.expiring')).toEqual([]);
    clock.set(kampala('2026-03-04T07:05:00'));
    await remindTwiceAtOnceAndRetry();
    clock.set(kampala('2026-03-04T09:00:00'));
    await remindTwiceAtOnceAndRetry();
    expect(await sent(user.id, 'offers.expiring')).toEqual([
      [
        'sms',
        `Sente: Achieng, the loan offers for application #${application.id} lapse at 4 Mar 10:05, in about 3 hours. Accept one in the Sente app before then.`,
      ],
      [
        'inbox',
        `The loan offers for application #${application.id} lapse at 4 Mar 10:05. Accept one before then if you want the loan; after that the lenders' money is released.`,
      ],
    ]);
    expect(await inboxOf(user.id, 'offers.expiring')).toHaveLength(1);
  });

  it('reminds no one of offers already accepted, and writes no SMS the quiet hours would hold past the deadline', async () => {
    clock.set(kampala('2026-03-10T10:00:00'));
    const accepted = await biddenListing('Okot Denis');
    clock.set(kampala('2026-03-11T01:55:00'));
    const lateNight = await biddenListing('Adong Susan');
    // The first listing's window ends; its borrower accepts the offer at once.
    clock.set(kampala('2026-03-11T10:05:00'));
    await t.services.marketplace.closeDueListings();
    const [offer] = await db().select().from(offers).where(eq(offers.listingId, accepted.listing.id));
    if (!offer) throw new Error('no offer');
    const accept = await t.app.inject({
      method: 'POST',
      url: `/api/loans/applications/${accepted.application.id}/offers/${offer.id}/accept/`,
      headers: { ...bearer(await tokenOf(accepted.user)), 'idempotency-key': idempotencyKey('accept') },
    });
    expect(accept.statusCode, accept.body).toBe(200);
    clock.set(kampala('2026-03-12T07:10:00'));
    await remindTwiceAtOnceAndRetry();
    expect(await sent(accepted.user.id, 'offers.expiring')).toEqual([]);

    // The second closes at 02:00, so its offers lapse at 02:00 the next night: a reminder at 23:05
    // would wait for 07:00 as an SMS; the inbox still tells.
    clock.set(kampala('2026-03-12T02:00:00'));
    await t.services.marketplace.closeDueListings();
    expect(await smsOf(lateNight.user.id, 'offers.ready')).toHaveLength(1);
    clock.set(kampala('2026-03-12T23:05:00'));
    await remindTwiceAtOnceAndRetry();
    expect((await sent(lateNight.user.id, 'offers.expiring')).map(([channel]) => channel)).toEqual(['inbox']);
  });
});

/** An approved application of the borrower, paid out by an admin through the API (the platform funds it). */
async function disbursedLoan(user: UserRow, key = idempotencyKey('disburse')) {
  const type = await insertLoanType(db(), { minAmount: 100_000, maxAmount: 10_000_000 });
  const application = await insertApplication(db(), {
    userId: user.id,
    loanTypeId: type.id,
    amountRequested: 1_000_000,
    loanTermMonths: 3,
  });
  const disburse = async () =>
    t.app.inject({
      method: 'POST',
      url: `/api/loans/applications/${application.id}/disburse/`,
      headers: { ...bearer(await tokenOf(adminUser)), 'idempotency-key': key },
    });
  const res = await disburse();
  expect(res.statusCode, res.body).toBe(201);
  return { loanId: res.json().id as number, disburse };
}

describe('loan disbursed', () => {
  it('texts the borrower once the payout settles: the amount, the reference and the first installment', async () => {
    clock.set(kampala('2026-03-02T11:00:00'));
    const user = await borrower('Opio James Okello');
    const { loanId, disburse } = await disbursedLoan(user);
    // The admin's retry of the same request answers the same loan and writes nothing more.
    expect((await disburse()).statusCode).toBe(201);
    const loan = await loanRow(loanId);
    expect(await sent(user.id, 'loan.disbursed')).toEqual([
      [
        'sms',
        `Sente: Opio, loan ${loan.loanRef} of UGX 1,000,000 is sent to your mobile money. First installment: ${ugx(await firstInstallment(loanId))} due Mon 9 Mar.`,
      ],
    ]);
    // The inbox has the payout's own notice, once.
    expect(
      (await db().select().from(notifications).where(eq(notifications.userId, user.id))).filter(
        (n) => n.title === 'Loan disbursed',
      ),
    ).toHaveLength(1);
  });
});

describe('payment missed', () => {
  const noticeTwiceAtOnceAndRetry = async () => {
    await Promise.all([
      sendMissedPaymentNotices(t.services, clock.now()),
      sendMissedPaymentNotices(t.services, clock.now()),
    ]);
    await sendMissedPaymentNotices(t.services, clock.now());
  };

  it('tells the borrower once 1 day and once 7 days after an unpaid due date, and never about a paid one', async () => {
    clock.set(kampala('2026-03-02T09:00:00'));
    const late = await borrower('Akena Patrick');
    const onTime = await borrower('Nambi Esther');
    const disbursedAt = kampala('2026-03-02T09:00:00');
    const lateLoan = await makeLoan(t.services, { userId: late.id, adminId: adminUser.id, disbursedAt });
    const paidLoan = await makeLoan(t.services, { userId: onTime.id, adminId: adminUser.id, disbursedAt });
    const owed = await firstInstallment(lateLoan.id);
    // Installment 1 falls due Monday 9 March; the second borrower pays it the day before.
    await repayLoan(
      t.services,
      paidLoan.id,
      await firstInstallment(paidLoan.id),
      kampala('2026-03-08T12:00:00'),
    );

    clock.set(kampala('2026-03-09T10:00:00'));
    await noticeTwiceAtOnceAndRetry();
    expect(await sent(late.id, 'payment.missed')).toEqual([]);
    clock.set(kampala('2026-03-10T10:00:00'));
    await noticeTwiceAtOnceAndRetry();
    const dayOne = [
      [
        'sms',
        `Sente: Akena, installment 1 of loan ${lateLoan.loanRef}, ${ugx(owed)}, was due yesterday. Pay with mobile money in the Sente app.`,
      ],
      [
        'inbox',
        `Installment 1 of loan ${lateLoan.loanRef}, ${ugx(owed)}, was due on Mon 9 Mar and is not paid yet. Pay with mobile money in the Sente app, from the loan's page. If something makes paying hard, tell us: we would rather agree a way forward with you.`,
      ],
    ];
    expect(await sent(late.id, 'payment.missed')).toEqual(dayOne);
    clock.set(kampala('2026-03-11T10:00:00'));
    await noticeTwiceAtOnceAndRetry();
    expect(await sent(late.id, 'payment.missed')).toEqual(dayOne);

    clock.set(kampala('2026-03-16T10:00:00'));
    await noticeTwiceAtOnceAndRetry();
    expect((await sent(late.id, 'payment.missed')).slice(2)).toEqual([
      [
        'sms',
        `Sente: Akena, installment 1 of loan ${lateLoan.loanRef}, ${ugx(owed)}, is 7 days late. Pay with mobile money in the Sente app. Need help? Ask us.`,
      ],
      [
        'inbox',
        `Installment 1 of loan ${lateLoan.loanRef}, ${ugx(owed)}, was due on Mon 9 Mar and is not paid yet. Pay with mobile money in the Sente app, from the loan's page. If something makes paying hard, tell us: we would rather agree a way forward with you.`,
      ],
    ]);
    expect(await inboxOf(late.id, 'payment.missed')).toHaveLength(2);
    expect(await sent(onTime.id, 'payment.missed')).toEqual([]);
  });
});

describe('loan fully paid', () => {
  it('answers the repayment that pays the loan off with one fully-paid SMS instead of a receipt, once', async () => {
    clock.set(kampala('2026-03-02T12:00:00'));
    const user = await borrower('Kisakye Brenda');
    const { loanId } = await disbursedLoan(user);
    const loan = await loanRow(loanId);
    await completedRepayment(t, { loanId, userId: user.id, amount: 100_000 });
    expect(await smsOf(user.id, 'payment.received')).toEqual([
      `Sente: Kisakye, we received UGX 100,000 for loan ${loan.loanRef}. Balance left: ${ugx(loan.totalPayable - 100_000)}. Thank you.`,
    ]);
    expect(await sent(user.id, 'loan.fully-paid')).toEqual([]);

    const last = loan.totalPayable - 100_000 + 5_000;
    const { payment } = await completedRepayment(t, { loanId, userId: user.id, amount: last });
    // The provider's confirmation arrives again: nothing is settled or written twice.
    await t.services.payments.complete(payment.id, `AGENT-${payment.id}`);
    expect(await sent(user.id, 'loan.fully-paid')).toEqual([
      [
        'sms',
        `Sente: Kisakye, we received ${ugx(last)} and loan ${loan.loanRef} is fully paid. Thank you! UGX 5,000 extra is in your wallet.`,
      ],
    ]);
    expect(await smsOf(user.id, 'payment.received')).toHaveLength(1);
    expect((await loanRow(loanId)).status).toBe('FULLY_PAID');
  });
});
