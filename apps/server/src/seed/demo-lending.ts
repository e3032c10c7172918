import { DAY_MS, formatUgx } from '@sente/contract';
import type { Services } from '../app.ts';
import type { Clock } from '../clock.ts';
import { APPLICATIONS, DEMO_LOAN_TYPES, type DemoApplication } from './demo-applications.ts';
import { firstAdminId } from './demo-lookups.ts';
import { samplePdf, samplePng } from './sample-files.ts';

/**
 * Demo lending data: the public products as loan types, applications in all three states with
 * documents, and loans in every status with repayment histories — all made through the services,
 * so they obey the same rules as real data.
 *
 * Money: each loan is paid out and each repayment collected through the lending use cases and the
 * payments gateway (recorded as completed mobile-money payments at their dates, without calling a
 * provider), so the ledger, the platform transactions and the financial statistics agree with the
 * loans. Every step runs at its date on the seed's clock: no service is asked to back-date.
 */
export type SeedClock = Clock & { set(date: Date): void };
const WEEK = 7 * DAY_MS;

export async function seedDemoLending(
  services: Services,
  clock: SeedClock,
  borrowers: ReadonlyMap<string, { id: number; name: string }>,
): Promise<{ loanTypes: number; applications: number; loans: number; repayments: number }> {
  const now = clock.now().getTime();
  const adminId = await firstAdminId(services.db);
  const typeIds = new Map<string, number>();
  for (const product of DEMO_LOAN_TYPES) {
    const row = await services.loanTypes.create({
      loan_type_name: product.name,
      min_amount: product.minAmount,
      max_amount: product.maxAmount,
      interest_rate: product.rateBasisPoints, // 2.80% a month, the legal cap and the advertised rate
      interest_type: product.interestType,
      appraisal_time: product.appraisalTime,
      status: 'ACTIVE',
    });
    typeIds.set(product.name, row.id);
  }

  let loans = 0;
  let repayments = 0;
  for (const [index, demo] of APPLICATIONS.entries()) {
    const borrower = borrowers.get(demo.borrower);
    const loanTypeId = typeIds.get(demo.product);
    if (!borrower || loanTypeId === undefined) continue;
    const submittedAt = new Date(now - demo.daysAgo * DAY_MS - (index + 1) * 37 * 60 * 1000);
    if (demo.secondOpenApplicationAllowed) {
      if (adminId === undefined) continue;
      clock.set(new Date(submittedAt.getTime() - 60 * 60 * 1000));
      await services.userAdmin.setOpenApplicationsAllowed(adminId, borrower.id, 2);
    }
    clock.set(submittedAt);
    const { application } = await services.applications.create(borrower.id, {
      business_name: demo.business,
      business_location: demo.location,
      business_type: demo.kind,
      amount_requested: demo.amount,
      loan_term: demo.months,
      loan_type: loanTypeId,
      loan_purpose: demo.purpose,
      monthly_income: demo.income,
      nin: demo.nin,
    });
    await uploadDocuments(services, clock, application.id, borrower, demo, submittedAt);
    if (demo.outcome === 'PENDING' || adminId === undefined) continue;
    const decidedAt = new Date(submittedAt.getTime() + Math.min(demo.daysAgo * DAY_MS, DAY_MS) * 0.4);
    clock.set(decidedAt);
    if (demo.outcome === 'REJECTED') {
      await services.applications.reject(application.id, adminId, demo.notes);
      continue;
    }
    await services.applications.approve(application.id, adminId, demo.notes);
    if (demo.outcome !== 'DISBURSED') continue;

    const disbursedAt = new Date(decidedAt.getTime() + 3 * 60 * 60 * 1000);
    const loanId = await recordDisbursement(services, clock, application.id, disbursedAt, adminId);
    loans++;
    repayments += await repay(services, clock, loanId, disbursedAt, demo, now);
  }
  return { loanTypes: DEMO_LOAN_TYPES.length, applications: APPLICATIONS.length, loans, repayments };
}

/**
 * A payout requested at `at` through the lending use case (reservation, unique live payout) and
 * confirmed a minute later through the gateway, which creates the loan: no provider is called.
 */
export async function recordDisbursement(
  services: Services,
  clock: SeedClock,
  applicationId: number,
  at: Date,
  adminId: number,
) {
  clock.set(at);
  // The demo admin who approved it pays it out too, so the loan page names who disbursed it.
  const payout = await services.lending.requestPayout({
    applicationId,
    requestKey: `history.disburse:${applicationId}`,
    adminId,
  });
  clock.set(new Date(at.getTime() + 60_000));
  const { payment } = await services.payments.complete(payout.id, `HIST-${payout.id}`);
  if (payment.loanId === null) throw new Error(`Recorded disbursement ${payout.id} made no loan`);
  return payment.loanId;
}

/** A collection made at `at` from the number the loan was paid out to, confirmed a minute later. */
export async function recordRepayment(
  services: Services,
  clock: SeedClock,
  loanId: number,
  amount: number,
  at: Date,
) {
  const { loan } = await services.loans.get(loanId);
  const payout = loan.disbursementTransactionId
    ? await services.payments.getWithUser(loan.disbursementTransactionId)
    : null;
  if (!payout) throw new Error(`Loan ${loan.id} has no payout to collect from`);
  await recordPayment(services, clock, at, {
    type: 'REPAYMENT',
    userId: loan.userId,
    amount,
    phoneNumber: payout.phoneNumber,
    loanId: loan.id,
    requestKey: `history.repay:${loan.id}:${at.toISOString()}`,
    description: `Repayment of loan ${loan.loanRef} from ${payout.phoneNumber}`,
  });
}

/** A payment recorded at `at` and confirmed a minute later through the gateway, no provider called. */
export async function recordPayment(
  services: Services,
  clock: SeedClock,
  at: Date,
  input: Parameters<Services['payments']['create']>[1],
): Promise<void> {
  clock.set(at);
  const { payment } = await services.db.transaction((tx) => services.payments.create(tx, input));
  clock.set(new Date(at.getTime() + 60_000));
  await services.payments.complete(payment.id, `HIST-${payment.id}`);
}

async function uploadDocuments(
  services: Services,
  clock: SeedClock,
  applicationId: number,
  borrower: { id: number; name: string },
  demo: DemoApplication,
  submittedAt: Date,
) {
  const files = [
    {
      type: 'NATIONAL_ID' as const,
      name: 'national-id.png',
      bytes: samplePng(320, 200, [52, 120, 190]),
    },
    {
      type: 'BANK_STATEMENTS' as const,
      name: 'bank-statement.pdf',
      bytes: samplePdf([
        'Stanbic Bank Uganda Limited - Statement of account',
        `Account holder: ${borrower.name} t/a ${demo.business}`,
        `Average monthly credits: ${formatUgx(demo.income)}`,
        'Period: last six months',
        'DEMO DOCUMENT - not a real statement',
      ]),
    },
    {
      type: 'TRADE_LICENSE' as const,
      name: 'trade-licence.pdf',
      bytes: samplePdf([
        'Trading licence',
        `Business: ${demo.business}`,
        `Location: ${demo.location}`,
        'DEMO DOCUMENT - not a real licence',
      ]),
    },
  ];
  // The newest pending application still lacks its trade licence, so its credit check says so.
  const toUpload = demo.daysAgo === 0 ? files.slice(0, 2) : files;
  for (const [i, file] of toUpload.entries()) {
    clock.set(new Date(submittedAt.getTime() + (i + 1) * 5 * 60 * 1000));
    await services.documents.upload({
      applicationId,
      userId: borrower.id,
      documentType: file.type,
      fileName: file.name,
      bytes: file.bytes,
    });
  }
}

/** Repayments a day before each due date that has passed, in the pattern the demo asks for. */
async function repay(
  services: Services,
  clock: SeedClock,
  loanId: number,
  disbursedAt: Date,
  demo: DemoApplication,
  now: number,
): Promise<number> {
  const detail = await services.loans.detailFor({ id: 0, role: 'admin' }, loanId);
  let count = 0;
  const pay = async (amount: number, paidAt: Date) => {
    if (amount <= 0 || paidAt.getTime() > now) return;
    await recordRepayment(services, clock, loanId, amount, paidAt);
    count++;
  };
  const plan = demo.repayments ?? 'on-time';
  if (plan === 'early-settlement') {
    // Four installments on time, then the whole balance in week five.
    const installments = detail.installments;
    for (const i of installments.slice(0, 4)) {
      await pay(i.principalDue + i.interestDue, new Date(disbursedAt.getTime() + i.number * WEEK - DAY_MS));
    }
    const left = installments.slice(4).reduce((sum, i) => sum + i.principalDue + i.interestDue, 0);
    await pay(left, new Date(disbursedAt.getTime() + 5 * WEEK - 2 * DAY_MS));
    return count;
  }
  const limit = plan === 'on-time' ? Number.POSITIVE_INFINITY : plan.paidInstallments;
  for (const i of detail.installments) {
    if (i.number > limit) break;
    await pay(i.principalDue + i.interestDue, new Date(disbursedAt.getTime() + i.number * WEEK - DAY_MS));
  }
  return count;
}
