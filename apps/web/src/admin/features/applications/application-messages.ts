/** The Applications screen's messages, word for word from spec section 8. */
export const APPLICATION_MESSAGES = {
  loadFailed: 'Failed to load applications',
  approveFailed: 'Failed to approve application',
  rejectFailed: 'Failed to reject application',
  disburseFailed: 'Failed to disburse loan',
  documentsLoading: 'Loading documents...',
  documentsFailed: 'Failed to load documents',
  documentsEmpty: 'No documents found for this application',
  /** Notes sent when the admin types none (spec section 5). */
  defaultApproveNote: 'Application approved by admin',
  defaultRejectNote: 'Application rejected by admin',
} as const;

/** Labels of the document types (spec section 2); any other code is shown raw. */
const DOCUMENT_LABELS: Readonly<Record<string, string>> = {
  NATIONAL_ID: 'National ID',
  TRADE_LICENSE: 'Trade License',
  INCORPORATION: 'Certificate of Incorporation',
  URA_REGISTRATION: 'URA Registration',
  CASH_FLOW: 'Cash Flow Statements',
  BANK_STATEMENTS: 'Bank Statements',
};

export function documentLabel(code: string): string {
  return DOCUMENT_LABELS[code] ?? code;
}
