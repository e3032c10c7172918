import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerBalanced } from '../../../test/ledger-audit.ts';
import { insertApplication, insertLoanType } from '../../../test/lending-factories.ts';
import { verifiedLender } from '../../../test/marketplace-helpers.ts';
import { completedRepayment, idempotencyKey, settleOpenPayments } from '../../../test/money-helpers.ts';
import { type SmtpCapture, startSmtpCapture } from '../../../test/smtp-capture.ts';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { fixedClock } from '../../clock.ts';
import { listings, loans, messages, participations } from '../../db/schema/index.ts';
import { lenderReserved, userWallet } from '../ledger/ledger-accounts.ts';
import { runLoanStatusTick } from '../loans/loan-status.job.ts';
import { tellBidsFilled } from '../marketplace/lender-messages.ts';
import { sendMonthlyStatements } from './monthly-statement.ts';
import { sendRepaymentsDigests } from './repayments-digest.ts';

const kampala = (iso: string) => new Date(`${iso}+03:00`);
const clock = fixedClock(kampala('2026-03-02T10:00:00'));
let smtp: SmtpCapture;
let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  // A real SMTP server: the monthly statement goes over the wire as it would to the operator's.
  smtp = await startSmtpCapture();
  t = await createTestApp({
    clock,
    config: {
      messages: {
        sms: { provider: 'simulator' },
        callbackKey: 'delivery-report-key-that-is-long-enough-0123',
        smtp: { url: smtp.url, from: 'Sente <statements@sente.ug>' },
        deliveryIntervalMs: 5_000,
      },
    },
  });
  adminToken = (await t.userWithToken('admin')).token;
});
afterAll(async () => {
  await expectLedgerBalanced(t.db.database.db);
  await t.close();
  await smtp.close();
});

const db = () => t.db.database.db;

/** A lender's own messages of the templates this file is about (not its verification). */
async function lenderMessagesOf(userId: number) {
  const rows = await db()
    .select()
    .from(messages)
    .where(and(eq(messages.userId, userId), like(messages.template, 'lender.%')))
    .orderBy(messages.id);
  return rows.filter((m) => m.template !== 'lender.verified');
}
const kinds = async (userId: number) =>
  (await lenderMessagesOf(userId)).map((m) => [m.template, m.channel] as [string, string]);

/** Signs in again: tests move the clock past an access token's 15 minutes. */
async function freshAdmin() {
  adminToken = (await t.userWithToken('admin')).token;
  return adminToken;
}

async function borrower() {
  return t.userWithToken('borrower', { name: 'Achieng Borrower' });
}

async function listedApplication(userId: number, amount: number) {
  const type = await insertLoanType(db(), { minAmount: 100_000, maxAmount: 10_000_000 });
  const application = await insertApplication(db(), {
    userId,
    loanTypeId: type.id,
    amountRequested: amount,
    loanTermMonths: 3,
    status: 'PENDING',
    creditScore: 78,
  });
  const approved = await t.app.inject({
    method: 'POST',
    url: `/api/loans/applications/${application.id}/approve/`,
    headers: bearer(await freshAdmin()),
    payload: {},
  });
  expect(approved.statusCode, approved.body).toBe(200);
  const [listing] = await db().select().from(listings).where(eq(listings.applicationId, application.id));
  if (!listing) throw new Error('the approval did not list the application');
  return { application, listing };
}

async function bid(token: string, listingId: number, amount: number, rate: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/marketplace/listings/${listingId}/bids/`,
    headers: { ...bearer(token), 'idempotency-key': idempotencyKey('bid') },
    payload: { amount, rate },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
}

const as = (token: string, method: 'POST' | 'PUT', url: string, options: object = {}) =>
  t.app.inject({ method, url, headers: bearer(token), ...options });

async function requestOffers(token: string, applicationId: number) {
  const res = await as(token, 'POST', `/api/loans/applications/${applicationId}/offers/request/`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; kind: string }[];
}

function accept(token: string, applicationId: number, offerId: number, key: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/loans/applications/${applicationId}/offers/${offerId}/accept/`,
    headers: { ...bearer(token), 'idempotency-key': key },
  });
}

function disburse(applicationId: number, key: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/loans/applications/${applicationId}/disburse/`,
    headers: { ...bearer(adminToken), 'idempotency-key': key },
  });
}

/** A fresh access token at the clock's time: tests move the clock past a token's 15 minutes. */
const tokenOf = (user: { id: number; role: string }) =>
  t.services.accessTokens.sign({ userId: user.id, role: user.role }, clock.now());

/** A loan funded whole by the given lenders' bids (each bids its amount at 2.00 %), paid out. */
async function lenderFundedLoan(lenders: { user: { id: number; role: string }; amount: number }[]) {
  const owner = await borrower();
  const total = lenders.reduce((sum, l) => sum + l.amount, 0);
  const { application, listing } = await listedApplication(owner.user.id, total);
  for (const lender of lenders) await bid(await tokenOf(lender.user), listing.id, lender.amount, '2.00');
  const [full] = await requestOffers(owner.token, application.id);
  expect(
    (await accept(owner.token, application.id, full?.id ?? 0, idempotencyKey('accept'))).statusCode,
  ).toBe(200);
  await freshAdmin();
  const paid = await disburse(application.id, idempotencyKey('disburse'));
  expect(paid.statusCode, paid.body).toBe(201);
  return { borrower: owner, loan: paid.json() as { id: number; weekly_repayment: string } };
}

describe('bids that fill and bids that come back', () => {
  it('tells each lender of the accepted offer its bid funded the loan, the outbid one and the partly filled one what came back; a replay writes nothing more', async () => {
    clock.set(kampala('2026-03-02T10:00:00'));
    const owner = await borrower();
    const { application, listing } = await listedApplication(owner.user.id, 2_000_000);
    const a = await verifiedLender(t, await freshAdmin(), 2_000_000);
    const b = await verifiedLender(t, adminToken, 2_000_000);
    const c = await verifiedLender(t, adminToken, 2_000_000);
    const d = await verifiedLender(t, adminToken, 2_000_000);
    await bid(a.token, listing.id, 1_000_000, '2.20');
    await bid(b.token, listing.id, 800_000, '2.50');
    const cBid = await bid(c.token, listing.id, 500_000, '2.70');
    await bid(d.token, listing.id, 300_000, '2.75');

    // Bidding closes: the full offer takes A, B and 200,000 of C at 2.70; D's bid is in no offer.
    const offers = await requestOffers(owner.token, application.id);
    expect(await kinds(d.user.id)).toEqual([
      ['lender.bid-released', 'sms'],
      ['lender.bid-released', 'inbox'],
    ]);
    const [dSms] = await lenderMessagesOf(d.user.id);
    expect(dSms?.body).toBe(
      `Sente: Test, other bids on listing #${listing.id} had lower rates, so your bid was not needed. UGX 300,000 is back in your available cash.`,
    );
    for (const lender of [a, b, c]) expect(await kinds(lender.user.id)).toEqual([]);

    const full = offers.find((o) => o.kind === 'full');
    const key = idempotencyKey('accept');
    expect((await accept(owner.token, application.id, full?.id ?? 0, key)).statusCode).toBe(200);
    // The unused 300,000 of C's bid came back; A and B were filled whole and hear nothing yet.
    expect(await kinds(c.user.id)).toEqual([
      ['lender.bid-released', 'sms'],
      ['lender.bid-released', 'inbox'],
    ]);
    expect((await lenderMessagesOf(c.user.id))[0]?.body).toBe(
      `Sente: Test, your bid on listing #${listing.id} was filled in part. UGX 300,000 is back in your available cash.`,
    );
    expect(await kinds(a.user.id)).toEqual([]);

    await freshAdmin();
    const disburseKey = idempotencyKey('disburse');
    const paid = await disburse(application.id, disburseKey);
    expect(paid.statusCode, paid.body).toBe(201);
    const [loan] = await db().select().from(loans).where(eq(loans.id, paid.json().id));
    for (const [lender, lent] of [
      [a, '1,000,000'],
      [b, '800,000'],
      [c, '200,000'],
    ] as const) {
      const filled = (await lenderMessagesOf(lender.user.id)).filter(
        (m) => m.template === 'lender.bid-filled',
      );
      expect(filled.map((m) => m.channel)).toEqual(['sms', 'inbox']);
      expect(filled[0]?.body).toBe(
        `Sente: Test, your bid funded loan ${loan?.loanRef}: you lent UGX ${lent} at 2.7% per month. See it in your portfolio.`,
      );
    }
    expect(await kinds(d.user.id)).toHaveLength(2);

    // The borrower's and the admin's retries replay; the events' own retry writes nothing either.
    const before = (await db().select().from(messages)).length;
    expect((await accept(owner.token, application.id, full?.id ?? 0, key)).statusCode).toBe(200);
    expect((await disburse(application.id, disburseKey)).statusCode).toBe(201);
    await t.services.marketplace.closeDueListings();
    await db().transaction((tx) =>
      tellBidsFilled(tx, t.services.messages, { loanRef: loan?.loanRef ?? '', rateBp: 270 }, [
        { bidId: cBid.id, lenderId: c.user.id, amount: 200_000 },
      ]),
    );
    expect((await db().select().from(messages)).length).toBe(before);
  });

  it('tells the lenders left out when the borrower chooses the other offer', async () => {
    clock.set(kampala('2026-03-03T10:00:00'));
    const owner = await borrower();
    const { application, listing } = await listedApplication(owner.user.id, 2_000_000);
    const a = await verifiedLender(t, await freshAdmin(), 2_000_000);
    const b = await verifiedLender(t, adminToken, 2_000_000);
    const c = await verifiedLender(t, adminToken, 2_000_000);
    await bid(a.token, listing.id, 1_000_000, '2.20');
    await bid(b.token, listing.id, 800_000, '2.50');
    await bid(c.token, listing.id, 500_000, '2.70');
    const lower = (await requestOffers(owner.token, application.id)).find((o) => o.kind === 'lower-rate');
    expect(
      (await accept(owner.token, application.id, lower?.id ?? 0, idempotencyKey('accept'))).statusCode,
    ).toBe(200);
    expect(await kinds(a.user.id)).toEqual([]);
    expect(await kinds(c.user.id)).toEqual([
      ['lender.bid-released', 'sms'],
      ['lender.bid-released', 'inbox'],
    ]);
    expect((await lenderMessagesOf(c.user.id))[0]?.body).toBe(
      `Sente: Test, the borrower of listing #${listing.id} chose an offer without your bid. UGX 500,000 is back in your available cash.`,
    );
  });
});

describe('listings that end without a loan', () => {
  it('tells the lender once when bidding closes without an offer, and no "bid released" as well', async () => {
    clock.set(kampala('2026-03-04T10:00:00'));
    const { listing } = await listedApplication((await borrower()).user.id, 300_000);
    const lender = await verifiedLender(t, await freshAdmin(), 300_000);
    // 50,000 is below the loan type's 100,000 minimum: no offer can be made.
    await bid(lender.token, listing.id, 50_000, '2.00');
    await db()
      .update(listings)
      .set({ closesAt: new Date(clock.now().getTime() - 1_000) })
      .where(eq(listings.id, listing.id));
    await Promise.all([t.services.marketplace.closeDueListings(), t.services.marketplace.closeDueListings()]);
    await t.services.marketplace.closeDueListings();
    expect(await kinds(lender.user.id)).toEqual([
      ['lender.listing-expired', 'sms'],
      ['lender.listing-expired', 'inbox'],
    ]);
    expect((await lenderMessagesOf(lender.user.id))[0]?.body).toBe(
      `Sente: Test, listing #${listing.id} ended: bidding closed without an offer. UGX 50,000 you reserved is back in your available cash.`,
    );
  });

  it('tells the lender when the borrower declines the offers, and when they lapse', async () => {
    clock.set(kampala('2026-03-05T10:00:00'));
    const declining = await borrower();
    const first = await listedApplication(declining.user.id, 300_000);
    const lender = await verifiedLender(t, await freshAdmin(), 600_000);
    await bid(lender.token, first.listing.id, 300_000, '2.00');
    await requestOffers(declining.token, first.application.id);
    const declined = await as(
      declining.token,
      'POST',
      `/api/loans/applications/${first.application.id}/offers/decline/`,
    );
    expect(declined.statusCode, declined.body).toBe(200);
    expect(await kinds(lender.user.id)).toEqual([
      ['lender.listing-expired', 'sms'],
      ['lender.listing-expired', 'inbox'],
    ]);
    expect((await lenderMessagesOf(lender.user.id))[0]?.body).toContain('the borrower declined the offers');

    const waiting = await borrower();
    const second = await listedApplication(waiting.user.id, 300_000);
    await bid(lender.token, second.listing.id, 300_000, '2.00');
    await requestOffers(waiting.token, second.application.id);
    await db().execute(
      sql`update offers set expires_at = ${new Date(clock.now().getTime() - 60_000)} where listing_id = ${second.listing.id}`,
    );
    await Promise.all([
      t.services.marketplace.expireLapsedOffers(),
      t.services.marketplace.expireLapsedOffers(),
    ]);
    const all = await lenderMessagesOf(lender.user.id);
    expect(all.map((m) => m.template)).toEqual([
      'lender.listing-expired',
      'lender.listing-expired',
      'lender.listing-expired',
      'lender.listing-expired',
    ]);
    expect(all[2]?.body).toBe(
      `Sente: Test, listing #${second.listing.id} ended: the offers were not taken up in time. UGX 300,000 you reserved is back in your available cash.`,
    );
  });

  it('tells the lender when Sente funds the loan itself', async () => {
    clock.set(kampala('2026-03-06T10:00:00'));
    const { application, listing } = await listedApplication((await borrower()).user.id, 500_000);
    const lender = await verifiedLender(t, await freshAdmin(), 300_000);
    await bid(lender.token, listing.id, 300_000, '2.00');
    await t.services.capital.payIn({
      amount: 5_000_000,
      idempotencyKey: idempotencyKey('capital'),
      reference: 'test',
      adminId: null,
    });
    expect((await disburse(application.id, idempotencyKey('disburse'))).statusCode).toBe(201);
    expect(await kinds(lender.user.id)).toEqual([
      ['lender.listing-expired', 'sms'],
      ['lender.listing-expired', 'inbox'],
    ]);
    expect((await lenderMessagesOf(lender.user.id))[0]?.body).toContain('Sente funded the loan itself');
  });
});

describe('a loan in default', () => {
  it('tells each of its lenders once, however often the status job runs', async () => {
    clock.set(kampala('2026-03-09T10:00:00'));
    const a = await verifiedLender(t, await freshAdmin(), 200_000);
    const b = await verifiedLender(t, adminToken, 100_000);
    const { loan } = await lenderFundedLoan([
      { user: a.user, amount: 200_000 },
      { user: b.user, amount: 100_000 },
    ]);
    const [row] = await db().select().from(loans).where(eq(loans.id, loan.id));
    // Nothing paid: the first installment (16 March) is 90 days late on 14 June.
    clock.set(kampala('2026-06-14T10:00:00'));
    const tick = () => runLoanStatusTick({ database: t.db.database, clock, messages: t.services.messages });
    await Promise.all([tick(), tick()]);
    await tick();
    const [afterTicks] = await db().select().from(loans).where(eq(loans.id, loan.id));
    expect(afterTicks?.status).toBe('DEFAULT');
    for (const [lender, share] of [
      [a, '200,000'],
      [b, '100,000'],
    ] as const) {
      const sent = await lenderMessagesOf(lender.user.id);
      const defaulted = sent.filter((m) => m.template === 'lender.loan-defaulted');
      expect(defaulted.map((m) => m.channel)).toEqual(['sms', 'inbox']);
      expect(defaulted[0]?.body).toBe(
        `Sente: Test, loan ${row?.loanRef} in your portfolio is now in default with UGX ${share} of your share unpaid. We keep collecting.`,
      );
    }
  });
});

describe('the daily repayments digest', () => {
  it("sums yesterday's repayments per lender once, and nothing for a lender who turned digests off or had none", async () => {
    clock.set(kampala('2026-04-01T10:00:00'));
    const keen = await verifiedLender(t, await freshAdmin(), 200_000);
    const quiet = await verifiedLender(t, adminToken, 100_000);
    const idle = await verifiedLender(t, adminToken, 100_000);
    const off = await as(quiet.token, 'PUT', '/api/messages/preferences/', {
      payload: { marketing: true, digests: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    const { borrower: owner, loan } = await lenderFundedLoan([
      { user: keen.user, amount: 200_000 },
      { user: quiet.user, amount: 100_000 },
    ]);
    const weekly = Number(loan.weekly_repayment);
    const walletOf = async (id: number) => 0 - (await t.services.ledger.balanceOf(db(), userWallet(id)));
    // Two repayments on 7 April; one on the 8th belongs to the next day's digest.
    clock.set(kampala('2026-04-07T11:00:00'));
    const before = await walletOf(keen.user.id);
    await completedRepayment(t, { loanId: loan.id, userId: owner.user.id, amount: weekly });
    clock.set(kampala('2026-04-07T23:30:00'));
    await completedRepayment(t, { loanId: loan.id, userId: owner.user.id, amount: weekly });
    const received = (await walletOf(keen.user.id)) - before;
    clock.set(kampala('2026-04-08T06:00:00'));
    await completedRepayment(t, { loanId: loan.id, userId: owner.user.id, amount: weekly });

    clock.set(kampala('2026-04-08T08:00:00'));
    const digest = () => sendRepaymentsDigests(t.services, clock.now());
    await Promise.all([digest(), digest()]);
    await digest();
    const sent = (await lenderMessagesOf(keen.user.id)).filter(
      (m) => m.template === 'lender.repayments-digest',
    );
    expect(sent.map((m) => m.channel)).toEqual(['sms']);
    expect(received).toBeGreaterThan(0);
    expect(sent[0]?.body).toBe(
      `Sente: Test, on 7 Apr you received 2 repayments worth UGX ${received.toLocaleString('en-US')} in total. Turn digests off in the app.`,
    );
    for (const lender of [quiet, idle]) {
      const theirs = await lenderMessagesOf(lender.user.id);
      expect(theirs.filter((m) => m.template === 'lender.repayments-digest')).toEqual([]);
    }
  });
});

describe('the monthly statement', () => {
  it("e-mails each lender with activity last month's figures from the ledger, once, over SMTP", async () => {
    clock.set(kampala('2026-09-20T10:00:00'));
    const lender = await verifiedLender(t, await freshAdmin(), 1_000_000);
    // September: 1,000,000 deposited. October: 250,000 more, 300,000 lent, two repayments, 100,000 out.
    clock.set(kampala('2026-10-02T10:00:00'));
    const topUp = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/deposit/',
      headers: { ...bearer(await tokenOf(lender.user)), 'idempotency-key': idempotencyKey('deposit') },
      payload: { amount: 250_000, phone_number: lender.user.phoneNumber },
    });
    expect(topUp.statusCode, topUp.body).toBe(201);
    await settleOpenPayments(t);
    const other = await verifiedLender(t, await freshAdmin(), 100_000);
    const { borrower: owner, loan } = await lenderFundedLoan([
      { user: lender.user, amount: 300_000 },
      { user: other.user, amount: 100_000 },
    ]);
    clock.set(kampala('2026-10-12T10:00:00'));
    const weekly = Number(loan.weekly_repayment);
    await completedRepayment(t, { loanId: loan.id, userId: owner.user.id, amount: weekly });
    await completedRepayment(t, { loanId: loan.id, userId: owner.user.id, amount: weekly });
    const withdrawn = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/withdraw/',
      headers: {
        ...bearer(await tokenOf(lender.user)),
        'idempotency-key': idempotencyKey('withdraw'),
      },
      payload: { amount: 100_000, phone_number: lender.user.phoneNumber },
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(201);
    await settleOpenPayments(t);
    const [share] = await db()
      .select()
      .from(participations)
      .where(and(eq(participations.loanId, loan.id), eq(participations.lenderId, lender.user.id)));
    const cashOf = async () =>
      0 -
      (await t.services.ledger.balanceOf(db(), userWallet(lender.user.id))) -
      (await t.services.ledger.balanceOf(db(), lenderReserved(lender.user.id)));
    const closing = await cashOf();

    clock.set(kampala('2026-11-01T07:00:00'));
    const run = () => sendMonthlyStatements(t.services, clock.now());
    await Promise.all([run(), run()]);
    await run();
    const statements = (await lenderMessagesOf(lender.user.id)).filter(
      (m) => m.template === 'lender.monthly-statement',
    );
    expect(statements.map((m) => m.channel)).toEqual(['email']);
    // Every e-mail queued so far (the verifications too) goes out, a batch at a time.
    while ((await t.services.messages.deliverDue()).sent > 0);
    // The other lender of the loan had October activity too and gets its own statement.
    const arrived = smtp.arrived.map((mail) => mail.raw);
    const mail = arrived.find(
      (raw) =>
        raw.includes('Your Sente statement for October 2026') && raw.includes(`To: ${lender.user.email}`),
    );
    expect(
      arrived.filter(
        (raw) => raw.includes(`To: ${other.user.email}`) && raw.includes('Subject: Your Sente statement'),
      ),
    ).toHaveLength(1);
    expect(mail, arrived.join('\n---\n')).toBeDefined();
    const text = (mail ?? '').replace(/=\r?\n/g, '');
    const ugx = (n: number) => `${n < 0 ? '-' : ''}UGX ${Math.abs(n).toLocaleString('en-US')}`;
    const principal = share?.principalRepaid ?? 0;
    const netInterest = (share?.interestPaid ?? 0) - (share?.feesPaid ?? 0);
    expect(principal).toBeGreaterThan(0);
    expect(netInterest).toBeGreaterThan(0);
    for (const line of [
      `Opening balance: ${ugx(1_000_000)}`,
      `Deposits: ${ugx(250_000)}`,
      `Withdrawals: ${ugx(-100_000)}`,
      `Lent to borrowers: ${ugx(-300_000)}`,
      `Repayments received: principal: ${ugx(principal)}`,
      `Repayments received: interest after Sente's fee: ${ugx(netInterest)}`,
      `Closing balance: ${ugx(closing)}`,
    ]) {
      expect(text).toContain(line);
    }
    expect(closing).toBe(1_000_000 + 250_000 - 100_000 - 300_000 + principal + netInterest);
    expect(text).not.toContain('Other movements');
    const [sent] = await lenderMessagesOf(lender.user.id).then((rows) =>
      rows.filter((m) => m.template === 'lender.monthly-statement'),
    );
    expect(sent?.status).toBe('sent');
  });
});
