/**
 * Every message Sente sends, per channel, with its fields filled in (docs/notifications.md lists them).
 * SMS texts stay within one GSM-7 SMS (message-templates.test.ts renders each with the longest
 * realistic values); no message ever carries a PIN, a password, a full NIN or a full account number.
 */
import { clip, firstName, type MessageTemplate, money } from './template-parts.ts';
import { type AdminSecurityTemplateData, adminSecurityTemplates } from './templates/admin-security.ts';
import { type BorrowerTemplateData, borrowerTemplates } from './templates/borrower.ts';
import { type LenderTemplateData, lenderTemplates } from './templates/lender.ts';

export {
  type Channel,
  clip,
  firstName,
  type MessageCategory,
  type MessageTemplate,
  money,
  type RenderedEmail,
  type RenderedInbox,
} from './template-parts.ts';

export interface ApplicationDecisionData {
  readonly name: string;
  readonly applicationId: number;
  readonly amount: number;
  /** Rejections: the admin's note when shared, else null (docs/lending.md). */
  readonly reason?: string | null;
  /** Approvals: when bidding closes, Kampala time, already formatted ("24 Nov 14:00"). */
  readonly listedUntil?: string;
}

export interface PaymentReceivedData {
  readonly name: string;
  readonly amount: number;
  readonly loanRef: string;
  readonly balance: number;
}

export interface InstallmentDueData {
  readonly name: string;
  readonly loanRef: string;
  readonly installment: number;
  readonly amount: number;
  /** "tomorrow" or "on Thu 5 Mar". */
  readonly when: string;
}

export interface LenderVerifiedData {
  readonly name: string;
}

export interface RepaymentsDigestData {
  readonly name: string;
  /** Kampala date the digest covers, "24 Nov". */
  readonly day: string;
  readonly repayments: number;
  readonly amount: number;
}

export interface DeadJobData {
  readonly queue: string;
  readonly error: string;
}

export interface TemplateDataMap extends BorrowerTemplateData, LenderTemplateData, AdminSecurityTemplateData {
  'application.approved': ApplicationDecisionData;
  'application.rejected': ApplicationDecisionData;
  'payment.received': PaymentReceivedData;
  'installment.due': InstallmentDueData;
  'lender.verified': LenderVerifiedData;
  'lender.repayments-digest': RepaymentsDigestData;
  'admin.dead-job': DeadJobData;
}
export type TemplateName = keyof TemplateDataMap;

export const templates: { readonly [Name in TemplateName]: MessageTemplate<TemplateDataMap[Name]> } = {
  ...borrowerTemplates,
  ...lenderTemplates,
  ...adminSecurityTemplates,
  'application.approved': {
    category: 'service',
    audience: 'borrower',
    sms: (d: ApplicationDecisionData) =>
      `Sente: ${firstName(d.name)}, application #${d.applicationId} for ${money(d.amount)} is approved and open to lenders until ${d.listedUntil ?? 'tomorrow'}. We will text you when offers are ready.`,
    inbox: (d: ApplicationDecisionData) => ({
      title: 'Application approved',
      message: `Your application #${d.applicationId} for ${money(d.amount)} is approved and listed on the marketplace until ${d.listedUntil ?? 'tomorrow'}. We will tell you when offers are ready.`,
    }),
  },
  'application.rejected': {
    category: 'service',
    audience: 'borrower',
    sms: (d: ApplicationDecisionData) =>
      `Sente: ${firstName(d.name)}, we cannot approve application #${d.applicationId} for ${money(d.amount)}.${d.reason ? ` Reason: ${clip(d.reason, 45)}` : ''} See the app for details.`,
    inbox: (d: ApplicationDecisionData) => ({
      title: 'Application not approved',
      message: `We could not approve your application #${d.applicationId} for ${money(d.amount)}.${d.reason ? ` Reason: ${d.reason}` : ''} You may apply again when your situation changes.`,
    }),
  },
  'payment.received': {
    category: 'payment',
    audience: 'borrower',
    sms: (d: PaymentReceivedData) =>
      `Sente: ${firstName(d.name)}, we received ${money(d.amount)} for loan ${d.loanRef}. Balance left: ${money(d.balance)}. Thank you.`,
  },
  'installment.due': {
    category: 'payment',
    audience: 'borrower',
    sms: (d: InstallmentDueData) =>
      `Sente: ${firstName(d.name)}, installment ${d.installment} of loan ${d.loanRef}, ${money(d.amount)}, is due ${d.when}. Pay by mobile money in the Sente app.`,
    inbox: (d: InstallmentDueData) => ({
      title: 'Installment due soon',
      message: `Installment ${d.installment} of loan ${d.loanRef}, ${money(d.amount)}, is due ${d.when}. You can pay it by mobile money from the loan's page.`,
    }),
  },
  'lender.verified': {
    category: 'service',
    audience: 'lender',
    sms: (d: LenderVerifiedData) =>
      `Sente: ${firstName(d.name)}, your lender account is verified. You can now bid on the marketplace and set up auto-invest.`,
    email: (d: LenderVerifiedData) => ({
      subject: 'Your Sente lender account is verified',
      text: `Dear ${d.name},\n\nSente has checked your details: your lender account is verified. You can now bid on listings on the marketplace and set up auto-invest.\n\nLending carries risk: your capital is not guaranteed.\n\nThe Sente team`,
    }),
  },
  'lender.repayments-digest': {
    category: 'digest',
    audience: 'lender',
    sms: (d: RepaymentsDigestData) =>
      `Sente: ${firstName(d.name)}, on ${d.day} you received ${d.repayments} repayments worth ${money(d.amount)} in total. Turn digests off in the app.`,
  },
  'admin.dead-job': {
    category: 'service',
    audience: 'admin',
    email: (d: DeadJobData) => ({
      subject: `Sente: background job ${d.queue} failed`,
      text: `The background job ${d.queue} failed on every try and stopped.\n\nLast error: ${d.error}\n\nRetry it in the back-office under Jobs once the cause is fixed.`,
    }),
    inbox: (d: DeadJobData) => ({
      title: 'A background job failed',
      message: `${d.queue} failed on every try: ${clip(d.error, 200)}. Retry it under Jobs once the cause is fixed.`,
    }),
  },
};
