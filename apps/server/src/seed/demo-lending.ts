import type { Services } from '../app.ts';
import { APPLICATIONS, DEMO_LOAN_TYPES, type DemoApplication } from './demo-applications.ts';
import { samplePdf, samplePng } from './sample-files.ts';

/**
 * Demo lending data: the public products as loan types, applications in all three states with
 * documents, and loans in every status with repayment histories — all made through the services,
 * so they obey the same rules as real data.
 *
 * Money: each loan is paid out and each repayment collected through the money feature's flows
 * (recorded as completed mobile-money payments at their dates), so the ledger, the platform
 * transactions and the financial statistics agree with the loans.
 */
const DAY = 24 * 60 * 60 * 1000;
const WEEK = 7 * DAY;

export async function seedDemoLending(
  services: Services,
  borrowers: ReadonlyMap<string, { id: number; name: string }>,
): Promise<{ loanTypes: number; applications: number; loans: number; repayments: number }> {
  const now = services.clock.now().getTime();
  const adminId = await services.applications.firstAdminId();
  const typeIds = new Map<string, number>();
  for (const product of DEMO_LOAN_TYPES) {
    const row = await services.loanTypes.create({
      loan_type_name: product.name,
      min_amount: product.min,
      max_amount: product.max,
      interest_rate: 280, // 2.80% a month, the legal cap and the advertised rate
      interest_type: product.type,
      appraisal_time: product.time,
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
    const submittedAt = new Date(now - demo.daysAgo * DAY - (index + 1) * 37 * 60 * 1000);
    const { application } = await services.applications.create(
      borrower.id,
      {
        business_name: demo.business,
        business_location: demo.location,
        business_type: demo.kind,
        amount_requested: demo.amount,
        loan_term: demo.months,
        loan_type: loanTypeId,
        loan_purpose: demo.purpose,
        monthly_income: demo.income,
        nin: demo.nin,
      },
      submittedAt,
    );
    await uploadDocuments(services, application.id, borrower, demo, submittedAt);
    if (demo.outcome === 'PENDING' || adminId === undefined) continue;
    const decidedAt = new Date(submittedAt.getTime() + Math.min(demo.daysAgo * DAY, DAY) * 0.4);
    if (demo.outcome === 'REJECTED') {
      await services.applications.reject(application.id, adminId, demo.notes, decidedAt);
      continue;
    }
    await services.applications.approve(application.id, adminId, demo.notes, decidedAt);
    if (demo.outcome !== 'DISBURSED') continue;

    const disbursedAt = new Date(decidedAt.getTime() + 3 * 60 * 60 * 1000);
    // Paid out through the money feature's disbursement flow (reserve, loan, settlement), as history.
    const loanId = await services.lendingPayments.recordDisbursement({
      applicationId: application.id,
      at: disbursedAt,
    });
    loans++;
    repayments += await repay(services, loanId, disbursedAt, demo, now);
  }
  await services.loans.refreshStatuses();
  return { loanTypes: DEMO_LOAN_TYPES.length, applications: APPLICATIONS.length, loans, repayments };
}

async function uploadDocuments(
  services: Services,
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
        `Average monthly credits: UGX ${demo.income.toLocaleString('en-US')}`,
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
    await services.documents.upload({
      applicationId,
      userId: borrower.id,
      documentType: file.type,
      fileName: file.name,
      bytes: file.bytes,
      uploadedAt: new Date(submittedAt.getTime() + (i + 1) * 5 * 60 * 1000),
    });
  }
}

/** Repayments a day before each due date that has passed, in the pattern the demo asks for. */
async function repay(
  services: Services,
  loanId: number,
  disbursedAt: Date,
  demo: DemoApplication,
  now: number,
): Promise<number> {
  const detail = await services.loans.detailFor({ id: 0, role: 'admin' }, loanId);
  let count = 0;
  // Collected through the money feature's repayment flow (allocation and ledger posting), as history.
  const pay = async (amount: number, paidAt: Date) => {
    if (amount <= 0 || paidAt.getTime() > now) return;
    await services.lendingPayments.recordRepayment({ loanId, amount, at: paidAt });
    count++;
  };
  const plan = demo.repayments ?? 'on-time';
  if (plan === 'early-settlement') {
    // Four installments on time, then the whole balance in week five.
    const installments = detail.installments;
    for (const i of installments.slice(0, 4)) {
      await pay(i.principalDue + i.interestDue, new Date(disbursedAt.getTime() + i.number * WEEK - DAY));
    }
    const left = installments.slice(4).reduce((sum, i) => sum + i.principalDue + i.interestDue, 0);
    await pay(left, new Date(disbursedAt.getTime() + 5 * WEEK - 2 * DAY));
    return count;
  }
  const limit = plan === 'on-time' ? Number.POSITIVE_INFINITY : plan.paidInstallments;
  for (const i of detail.installments) {
    if (i.number > limit) break;
    await pay(i.principalDue + i.interestDue, new Date(disbursedAt.getTime() + i.number * WEEK - DAY));
  }
  return count;
}
