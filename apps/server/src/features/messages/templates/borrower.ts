/**
 * The borrower's messages along an application and a loan (docs/notifications.md, "Every message").
 * Loans are named by their reference (SL-2026-000041), the name they have on every screen;
 * applications, which have no reference, by their number.
 */
import { firstName, type MessageTemplate, money } from '../template-parts.ts';

export interface ApplicationReceivedData {
  readonly name: string;
  readonly applicationId: number;
  readonly amount: number;
}

export interface OffersReadyData {
  readonly name: string;
  readonly applicationId: number;
  /** How many offers the auction made (1 or 2). */
  readonly offers: number;
  /** The largest offered amount. */
  readonly amount: number;
  /** When the offers lapse, Kampala time, already formatted ("24 Nov 14:00"). */
  readonly expiresAt: string;
}

export interface OffersExpiringData {
  readonly name: string;
  readonly applicationId: number;
  readonly expiresAt: string;
}

export interface LoanDisbursedData {
  readonly name: string;
  readonly loanRef: string;
  readonly amount: number;
  readonly firstInstallment: number;
  /** "Mon 9 Mar". */
  readonly firstDueDate: string;
}

export interface PaymentMissedData {
  readonly name: string;
  readonly loanRef: string;
  readonly installment: number;
  /** What is still unpaid of the installment. */
  readonly amount: number;
  /** "Mon 9 Mar". */
  readonly dueDate: string;
  /** 1 or 7: which of the two notices this is. */
  readonly daysLate: number;
}

export interface LoanFullyPaidData {
  readonly name: string;
  readonly loanRef: string;
  /** The last repayment, which paid the loan off. */
  readonly amount: number;
  /** What the last repayment paid beyond the balance; it waits in the wallet. */
  readonly overpayment: number;
}

export interface BorrowerTemplateData {
  'application.received': ApplicationReceivedData;
  'offers.ready': OffersReadyData;
  'offers.expiring': OffersExpiringData;
  'loan.disbursed': LoanDisbursedData;
  'payment.missed': PaymentMissedData;
  'loan.fully-paid': LoanFullyPaidData;
}

const offersWord = (n: number) => (n === 1 ? 'a loan offer' : `${n} loan offers`);

export const borrowerTemplates: {
  readonly [Name in keyof BorrowerTemplateData]: MessageTemplate<BorrowerTemplateData[Name]>;
} = {
  'application.received': {
    category: 'service',
    audience: 'borrower',
    sms: (d) =>
      `Sente: ${firstName(d.name)}, we received your application #${d.applicationId} for ${money(d.amount)}. We will text you when it is reviewed.`,
    inbox: (d) => ({
      title: 'Application received',
      message: `We received your application #${d.applicationId} for ${money(d.amount)}. Our team will review it and tell you the decision here and by SMS.`,
    }),
  },
  'offers.ready': {
    category: 'service',
    audience: 'borrower',
    sms: (d) =>
      `Sente: ${firstName(d.name)}, lenders made ${offersWord(d.offers)} for application #${d.applicationId}, up to ${money(d.amount)}. Accept one in the Sente app by ${d.expiresAt}.`,
    inbox: (d) => ({
      title: d.offers === 1 ? 'Your loan offer is ready' : 'Your loan offers are ready',
      message: `Lenders made ${offersWord(d.offers)} for application #${d.applicationId}, up to ${money(d.amount)}. Compare the rate, the weekly installment and the total to repay, then accept one by ${d.expiresAt}. If you do nothing, the offers lapse.`,
    }),
  },
  'offers.expiring': {
    category: 'service',
    audience: 'borrower',
    sms: (d) =>
      `Sente: ${firstName(d.name)}, the loan offers for application #${d.applicationId} lapse at ${d.expiresAt}, in about 3 hours. Accept one in the Sente app before then.`,
    inbox: (d) => ({
      title: 'Your offers lapse in 3 hours',
      message: `The loan offers for application #${d.applicationId} lapse at ${d.expiresAt}. Accept one before then if you want the loan; after that the lenders' money is released.`,
    }),
  },
  // SMS only: the payout's own notice already puts "Loan disbursed" in the inbox (settle-disbursement.ts).
  'loan.disbursed': {
    category: 'payment',
    audience: 'borrower',
    sms: (d) =>
      `Sente: ${firstName(d.name)}, loan ${d.loanRef} of ${money(d.amount)} is sent to your mobile money. First installment: ${money(d.firstInstallment)} due ${d.firstDueDate}.`,
  },
  'payment.missed': {
    category: 'payment',
    audience: 'borrower',
    sms: (d) =>
      d.daysLate === 1
        ? `Sente: ${firstName(d.name)}, installment ${d.installment} of loan ${d.loanRef}, ${money(d.amount)}, was due yesterday. Pay with mobile money in the Sente app.`
        : `Sente: ${firstName(d.name)}, installment ${d.installment} of loan ${d.loanRef}, ${money(d.amount)}, is ${d.daysLate} days late. Pay with mobile money in the Sente app. Need help? Ask us.`,
    inbox: (d) => ({
      title: d.daysLate === 1 ? 'Installment not paid yet' : `Installment ${d.daysLate} days late`,
      message: `Installment ${d.installment} of loan ${d.loanRef}, ${money(d.amount)}, was due on ${d.dueDate} and is not paid yet. Pay with mobile money in the Sente app, from the loan's page. If something makes paying hard, tell us: we would rather agree a way forward with you.`,
    }),
  },
  // SMS only: the repayment's receipt already tells the inbox that the loan is fully paid.
  'loan.fully-paid': {
    category: 'payment',
    audience: 'borrower',
    sms: (d) =>
      `Sente: ${firstName(d.name)}, we received ${money(d.amount)} and loan ${d.loanRef} is fully paid. Thank you!${d.overpayment > 0 ? ` ${money(d.overpayment)} extra is in your wallet.` : ''}`,
  },
};
