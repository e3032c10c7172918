import { describe, expect, it } from 'vitest';
import { fitsOneSms, gsm7Length } from './gsm7.ts';
import { clip, type TemplateDataMap, type TemplateName, templates } from './message-templates.ts';

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
    loanId: 2_147_483_647,
    balance: 999_999_999,
  },
  'installment.due': {
    name: 'Nakawunde-Ssekandi Christabellah Nalubega',
    loanId: 2_147_483_647,
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

/**
 * What must never leave Sente in a message (docs/messages.md). Security messages may speak of a
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

describe('the message templates', () => {
  for (const [name, template] of Object.entries(templates) as [
    TemplateName,
    (typeof templates)[TemplateName],
  ][]) {
    const data = LONGEST[name] as never;
    it(`${name}: its SMS fits one GSM-7 SMS and no message holds a secret, with the longest values`, () => {
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
