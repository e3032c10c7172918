/**
 * Admin alerts (a new enquiry, a payment that needs attention) and security messages (the phone
 * code, a password reset link, a new admin sign-in, repeated failed sign-ins). docs/notifications.md
 * lists their texts. A security message's secret (the code, the reset link) is blanked in the
 * outbox once it has been handed to the provider, so the admin's Messages tab never shows one.
 */
import { PHONE_CODE_TTL_MINUTES } from '@sente/contract';
import { clip, type MessageTemplate, money } from '../template-parts.ts';

export interface NewEnquiryData {
  readonly kind: 'contact' | 'lender-interest';
  readonly name: string;
  /** A contact message's topic, or a would-be lender's type ("Individual", "SACCO"). */
  readonly topic: string;
  readonly message: string | null;
}

export interface PaymentAttentionData {
  readonly paymentId: number;
  readonly amount: number;
  /** The loan it was meant for, by reference (SL-2026-000041), when it names one. */
  readonly loanRef: string | null;
  readonly reason: string;
}

export interface PhoneCodeData {
  readonly code: string;
}

export interface PasswordResetData {
  readonly name: string;
  readonly resetUrl: string;
  /** Kampala time, already formatted ("25 Nov 14:00"). */
  readonly expiresAt: string;
}

export interface AdminSignInData {
  readonly name: string;
  /** Kampala time, already formatted ("24 Nov 14:05"). */
  readonly at: string;
  readonly address: string;
  readonly userAgent: string | null;
  readonly method: 'password' | 'two-factor';
}

export interface SignInFailuresData {
  readonly name: string;
  readonly failures: number;
  readonly addresses: number;
  readonly isAdmin: boolean;
}

export interface AdminSecurityTemplateData {
  'admin.new-enquiry': NewEnquiryData;
  'admin.payment-attention': PaymentAttentionData;
  'security.phone-code': PhoneCodeData;
  'security.password-reset': PasswordResetData;
  'security.admin-sign-in': AdminSignInData;
  'security.sign-in-failures': SignInFailuresData;
}

const SECRET_BLANKED = '[removed after sending]';

/** The code in a sent code SMS, blanked. */
const withoutCode = (text: string) => text.replace(/\b\d{4,8}\b/g, SECRET_BLANKED);
/** The token in a sent reset link, blanked (the rest of the e-mail stays readable). */
const withoutToken = (text: string) => text.replace(/token=[A-Za-z0-9_-]+/g, `token=${SECRET_BLANKED}`);

const ENQUIRY_KIND = { contact: 'contact message', 'lender-interest': 'lender sign-up' } as const;

export const adminSecurityTemplates: {
  readonly [Name in keyof AdminSecurityTemplateData]: MessageTemplate<AdminSecurityTemplateData[Name]>;
} = {
  'admin.new-enquiry': {
    category: 'service',
    audience: 'admin',
    email: (d: NewEnquiryData) => ({
      subject: `Sente: new ${ENQUIRY_KIND[d.kind]} from ${clip(d.name, 60)}`,
      text: `A new ${ENQUIRY_KIND[d.kind]} came in from ${d.name} (${d.topic}).${d.message ? `\n\n"${clip(d.message, 500)}"` : ''}\n\nReply to it from the back-office under Enquiries.`,
    }),
    inbox: (d: NewEnquiryData) => ({
      title: `New ${ENQUIRY_KIND[d.kind]}`,
      message: `${clip(d.name, 60)} (${d.topic})${d.message ? `: ${clip(d.message, 140)}` : ''}. See Enquiries.`,
    }),
  },
  'admin.payment-attention': {
    category: 'service',
    audience: 'admin',
    email: (d: PaymentAttentionData) => ({
      subject: `Sente: payment #${d.paymentId} needs attention`,
      text: `Payment #${d.paymentId} of ${money(d.amount)}${d.loanRef ? ` for loan ${d.loanRef}` : ''} could not be applied and its money waits in suspense.\n\nWhy: ${clip(d.reason, 500)}\n\nSee Payments needing attention in the back-office.`,
    }),
    inbox: (d: PaymentAttentionData) => ({
      title: 'A payment needs attention',
      message: `Payment #${d.paymentId} of ${money(d.amount)}${d.loanRef ? ` for loan ${d.loanRef}` : ''} waits in suspense: ${clip(d.reason, 200)}`,
    }),
  },
  'security.phone-code': {
    category: 'security',
    audience: 'anyone',
    sms: (d: PhoneCodeData) =>
      `Sente: your code is ${d.code}. It expires in ${PHONE_CODE_TTL_MINUTES} minutes. Never share it with anyone, not even Sente staff.`,
    blankSecret: withoutCode,
  },
  'security.password-reset': {
    category: 'security',
    audience: 'anyone',
    email: (d: PasswordResetData) => ({
      subject: 'Reset your Sente password',
      text: `Dear ${d.name},\n\nA Sente admin made a link for you to choose a new password. Open it in your browser:\n\n${d.resetUrl}\n\nIt works once, until ${d.expiresAt} (Kampala time). Sente staff will never ask you for your password or this link.\n\nIf you did not ask for this, ignore this e-mail and tell us through the contact form.\n\nThe Sente team`,
    }),
    blankSecret: withoutToken,
  },
  'security.admin-sign-in': {
    category: 'security',
    audience: 'admin',
    email: (d: AdminSignInData) => ({
      subject: 'New sign-in to your Sente admin account',
      text: `Dear ${d.name},\n\nYour Sente admin account was signed in to${d.method === 'two-factor' ? ' with two-factor sign-in' : ''}:\n\nWhen: ${d.at} (Kampala time)\nFrom address: ${d.address}\nBrowser: ${clip(d.userAgent ?? 'not given', 200)}\n\nIf this was not you, change your password now, turn on two-factor sign-in and tell another admin: the account may be in someone else's hands.\n\nThe Sente team`,
    }),
    inbox: (d: AdminSignInData) => ({
      title: 'New sign-in to your account',
      message: `Signed in ${d.at} from ${d.address} (${clip(d.userAgent ?? 'browser not given', 80)}). If this was not you, change your password now and tell another admin.`,
    }),
  },
  'security.sign-in-failures': {
    category: 'security',
    audience: 'anyone',
    email: (d: SignInFailuresData) => ({
      subject: 'Failed sign-in attempts on your Sente account',
      text: `Dear ${d.name},\n\nSomeone entered a wrong password for your Sente account ${d.failures} times in the last hour, from ${d.addresses} ${d.addresses === 1 ? 'address' : 'addresses'}.\n\nIf this was not you, your account is still protected: further tries from elsewhere are slowed down and do not stop you signing in. Use a strong password you use nowhere else${d.isAdmin ? ' and turn on two-factor sign-in' : ''}.\n\nThe Sente team`,
    }),
    inbox: (d: SignInFailuresData) => ({
      title: 'Failed sign-in attempts on your account',
      message: `Someone entered a wrong password for your account ${d.failures} times in the last hour, from ${d.addresses} ${d.addresses === 1 ? 'address' : 'addresses'}. If it was not you, your account is still protected: further tries from elsewhere are slowed down and do not stop you signing in. Use a strong password you use nowhere else${d.isAdmin ? ' and turn on two-factor sign-in' : ''}.`,
    }),
  },
};
