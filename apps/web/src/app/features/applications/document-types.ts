import type { DocumentType } from '@sente/contract';

/** The spec's six documents (section 2, Documents modal), in the order a borrower gathers them. */
export const DOCUMENT_TYPES: readonly {
  readonly type: DocumentType;
  readonly label: string;
  readonly hint: string;
}[] = [
  { type: 'NATIONAL_ID', label: 'National ID', hint: 'Both sides of your National ID card' },
  { type: 'TRADE_LICENSE', label: 'Trade License', hint: 'From your municipality or town council' },
  { type: 'INCORPORATION', label: 'Certificate of Incorporation', hint: 'If your business is a company' },
  { type: 'URA_REGISTRATION', label: 'URA Registration', hint: 'Your TIN certificate from URA' },
  { type: 'CASH_FLOW', label: 'Cash Flow Statements', hint: 'Sales and costs of recent months' },
  {
    type: 'BANK_STATEMENTS',
    label: 'Bank Statements',
    hint: 'The past 3 to 6 months, or mobile-money statements',
  },
];

/** The server takes at most 10 MB a file (docs/lending.md, Documents). */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
