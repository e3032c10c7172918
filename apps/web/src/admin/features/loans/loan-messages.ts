/** The Loans screen's messages, word for word from spec section 8. */
export const LOAN_MESSAGES = {
  loansFailed: 'Failed to load loans',
  transactionsFailed: 'Failed to load transactions',
  loanTypesFailed: 'Failed to load loan types',
  addFailed: 'Failed to add loan type',
  updateFailed: 'Failed to update loan type',
  deleteFailed: 'Failed to delete loan type',
  confirmDelete: 'Are you sure you want to delete this loan type?',
  /** Not in the spec (the marketplace came later); worded as its others are. */
  participationsFailed: 'Failed to load participations',
  loanFailed: 'Failed to load loan',
  collectionsFailed: 'Failed to load collections',
} as const;

/** Status labels of the loans table, as spec section 2 writes them. */
export const LOAN_STATUS_LABELS = {
  ACTIVE: 'Active',
  OVERDUE: 'Overdue',
  DEFAULT: 'Default',
  FULLY_PAID: 'Fully_paid',
} as const;
