import { describe, expect, it } from 'vitest';
import { fitsOneSms, gsm7Length } from './gsm7.ts';
import {
  clip,
  type MessageTemplate,
  type TemplateDataMap,
  type TemplateName,
  templates,
} from './message-templates.ts';

/** A loan reference after ten million loans in a year (the sequence is padded to six digits). */
const LONGEST_LOAN_REF = 'SL-2099-99999999';

/** The longest realistic values: the largest amounts and ids, long names, a reason at the limit. */
const LONGEST: { readonly [Name in TemplateName]: TemplateDataMap[Name] } = {
  'application.approved': {
    name: 'Nakawunde-Ssekandi Christabellah Nalubega',
    applicationId: 2_147_483_647,
    amount: 500_000_000,
    listedUntil: '30 Sep 23:59',
  },
  'application.rejected': {
    name: 'Nakawunde-Ssekandi Christabellah Nalubega',
    applicationId: 2_147_483_647,
    amount: 500_000_000,
    reason:
      'The cash flow statements do not show enough monthly income to carry the weekly installment at this amount; a smaller amount may be approved.',
  },
  'payment.received': {
    name: 'Nakawunde-Ssekandi Christabellah Nalubega',
    amount: 500_000_000,
    loanRef: LONGEST_LOAN_REF,
    balance: 999_999_999,
  },
  'installment.due': {
    name: 'Nakawunde-Ssekandi Christabellah Nalubega',
    loanRef: LONGEST_LOAN_REF,
    installment: 260,
    amount: 99_999_999,
    when: 'on Wed 30 Sep',
  },
  'lender.verified': { name: 'Kampala Community Savings and Credit Cooperative Society Limited' },
  'lender.repayments-digest': {
    name: 'Nakawunde-Ssekandi Christabellah Nalubega',
    day: '30 Sep',
    repayments: 99_999,
    amount: 9_999_999_999,
  },
  'admin.dead-job': { queue: 'marketplace.expire-lapsed-offers', error: 'x'.repeat(2_000) },
  'application.received': {
    name: 'Nakawunde-Ssekandi Christabellah Nalubega',
    applicationId: 2_147_483_647,
    amount: 500_000_000,
  },
  'offers.ready': {
    name: 'Nakawunde-Ssekandi Christabellah Nalubega',
    applicationId: 2_147_483_647,
    offers: 2,
    amount: 500_000_000,
    expiresAt: '30 Sep 23:59',
  },
  'offers.expiring': {
    name: 'Nakawunde-Ssekandi Christabellah Nalubega',
    applicationId: 2_147_483_647,
    expiresAt: '30 Sep 23:59',
  },
  'loan.disbursed': {
    name: 'Nakawunde-Ssekandi Christabellah Nalubega',
    loanRef: LONGEST_LOAN_REF,
    amount: 500_000_000,
    firstInstallment: 99_999_999,
    firstDueDate: 'Wed 30 Sep',
  },
  'payment.missed': {
    name: 'Nakawunde-Ssekandi Christabellah Nalubega',
    loanRef: LONGEST_LOAN_REF,
    installment: 260,
    amount: 99_999_999,
    dueDate: 'Wed 30 Sep',
    daysLate: 7,
  },
  'loan.fully-paid': {
    name: 'Nakawunde-Ssekandi Christabellah Nalubega',
    loanRef: LONGEST_LOAN_REF,
    amount: 500_000_000,
    overpayment: 499_999_999,
  },
  'lender.bid-filled': {
    name: 'Nakawunde-Ssekandi Christabellah Nalubega',
    loanRef: 'SL-2026-999999',
    amount: 500_000_000,
    rateBp: 1_000,
  },
  'lender.bid-released': {
    name: 'Nakawunde-Ssekandi Christabellah Nalubega',
    listingId: 2_147_483_647,
    amount: 500_000_000,
    reason: 'outbid',
  },
  'lender.listing-expired': {
    name: 'Nakawunde-Ssekandi Christabellah Nalubega',
    listingId: 2_147_483_647,
    amount: 500_000_000,
    reason: 'offers-lapsed',
  },
  'lender.loan-defaulted': {
    name: 'Nakawunde-Ssekandi Christabellah Nalubega',
    loanRef: 'SL-2026-999999',
    outstanding: 500_000_000,
  },
  'lender.monthly-statement': {
    name: 'Kampala Community Savings and Credit Cooperative Society Limited',
    month: 'September 2026',
    openingBalance: 9_999_999_999,
    deposits: 9_999_999_999,
    withdrawals: 9_999_999_999,
    lent: 9_999_999_999,
    principalReceived: 9_999_999_999,
    interestReceived: 9_999_999_999,
    otherMovements: -9_999_999_999,
    closingBalance: 9_999_999_999,
  },
  'admin.new-enquiry': {
    kind: 'lender-interest',
    name: 'Kampala Community Savings and Credit Cooperative Society Limited',
    topic: 'investment_club, over_100m',
    message: 'We would like to lend '.repeat(100),
  },
  'admin.payment-attention': {
    paymentId: 2_147_483_647,
    amount: 500_000_000,
    loanRef: 'SL-2026-999999',
    reason: `Allocation failed: ${'y'.repeat(600)}`,
  },
  'security.phone-code': { code: '999999' },
  'security.password-reset': {
    name: 'Kampala Community Savings and Credit Cooperative Society Limited',
    resetUrl: `https://app.sente.ug/reset-password?token=${'AbCd-_eF'.repeat(6)}`,
    expiresAt: '30 Sep 23:59',
  },
  'security.admin-sign-in': {
    name: 'Nakawunde-Ssekandi Christabellah Nalubega',
    at: '30 Sep 23:59',
    address: '2001:0db8:85a3:0000:0000:8a2e:0370:7334',
    userAgent: `Mozilla/5.0 ${'(X11; Linux x86_64) '.repeat(40)}`,
    method: 'two-factor',
  },
  'security.sign-in-failures': {
    name: 'Nakawunde-Ssekandi Christabellah Nalubega',
    failures: 99_999,
    addresses: 9_999,
    isAdmin: true,
  },
};

/** Texts that differ by a field's value, rendered with the longest values of each variant too. */
type Rendering = { readonly [Name in TemplateName]: [Name, TemplateDataMap[Name]] }[TemplateName];
const VARIANTS: readonly Rendering[] = [
  ['payment.missed', { ...LONGEST['payment.missed'], daysLate: 1 }],
  ['offers.ready', { ...LONGEST['offers.ready'], offers: 1 }],
];

/**
 * What must never leave Sente in a message (docs/notifications.md). Security messages may speak of a
 * password ("a wrong password", "choose a new password"), never give one.
 */
const FORBIDDEN = [
  /\bPIN\b/i,
  /password\s*(is|was|:|=)/i,
  /password\s+\S*\d/i,
  // A full NIN: 14 characters starting CM or CF.
  /\bC[MF][A-Z0-9]{12}\b/,
  // A full account or card number: 10 or more digits in a row (amounts carry separators; our own
  // record numbers are written #123).
  /(?<![#\d])\d{10,}/,
];

/** Its SMS fits one GSM-7 SMS, and none of its channels holds a secret. */
function expectFitsAndSafe<Name extends TemplateName>(name: Name, data: TemplateDataMap[Name]): void {
  const template = templates[name] as MessageTemplate<TemplateDataMap[Name]>;
  const texts: string[] = [];
  if (template.sms) {
    const sms = template.sms(data);
    expect({ name, length: gsm7Length(sms) }).toEqual({ name, length: expect.any(Number) });
    expect(fitsOneSms(sms), `${name}: ${sms.length} characters: ${sms}`).toBe(true);
    texts.push(sms);
  }
  if (template.email) {
    const email = template.email(data);
    texts.push(email.subject, email.text);
  }
  if (template.inbox) {
    const inbox = template.inbox(data);
    texts.push(inbox.title, inbox.message);
  }
  expect(texts.length).toBeGreaterThan(0);
  for (const text of texts) for (const pattern of FORBIDDEN) expect(text).not.toMatch(pattern);
}

describe('the message templates', () => {
  for (const name of Object.keys(templates) as TemplateName[]) {
    it(`${name}: its SMS fits one GSM-7 SMS and no message holds a secret, with the longest values`, () => {
      expectFitsAndSafe(name, LONGEST[name]);
    });
  }
  for (const [name, data] of VARIANTS) {
    it(`${name} (${JSON.stringify(data).slice(-30)}): its other wording fits and is safe too`, () => {
      expectFitsAndSafe(name, data as never);
    });
  }
});

describe('gsm7Length', () => {
  it('counts the extension table twice and refuses characters outside GSM-7', () => {
    expect(gsm7Length('UGX 1,000')).toBe(9);
    expect(gsm7Length('[€]')).toBe(6);
    expect(gsm7Length('it’s')).toBeNull();
    expect(gsm7Length('24 Nov\u202f14:00')).toBeNull();
  });
});

describe('clip', () => {
  it('keeps short text and cuts long text on a word with an ellipsis', () => {
    expect(clip('Income  not\nverified', 45)).toBe('Income not verified');
    expect(clip('The cash flow statements do not show enough income', 30)).toBe(
      'The cash flow statements...',
    );
  });
});

describe('the lender templates with every reason', () => {
  const name = 'Nakawunde-Ssekandi Christabellah Nalubega';
  it('fit one SMS whichever reason a bid came back for or a listing ended with', () => {
    for (const reason of ['outbid', 'other-offer', 'partly-filled'] as const) {
      const sms = templates['lender.bid-released'].sms?.({
        name,
        listingId: 2_147_483_647,
        amount: 500_000_000,
        reason,
      });
      expect(fitsOneSms(sms ?? ''), sms).toBe(true);
    }
    for (const reason of ['no-offer', 'declined', 'offers-lapsed', 'platform-funded'] as const) {
      const sms = templates['lender.listing-expired'].sms?.({
        name,
        listingId: 2_147_483_647,
        amount: 500_000_000,
        reason,
      });
      expect(fitsOneSms(sms ?? ''), sms).toBe(true);
    }
  });
});
