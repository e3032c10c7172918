/** The user screens' messages, word for word from spec section 8. */
export const USER_MESSAGES = {
  loadFailed: 'Failed to load users. Please try again.',
  toggleFailed: 'Failed to update user status. Please try again.',
  deleteFailed: 'Failed to delete user. Please try again.',
  empty: 'No users found. Try adjusting your search or filters.',
  confirmDelete: 'Are you sure you want to delete this user?',
  confirmDeleteAccount: 'Are you sure you want to delete this user account? This action cannot be undone.',
  detailFailed: 'Failed to load user details',
  notFound: 'User not found',
  kycUnavailable: 'KYC data not available for this user',
  profileToggleFailed: 'Failed to update user status',
  profileDeleteFailed: 'Failed to delete user account',
  loansFailed: 'Failed to load loan history. The user may not have any loans yet.',
  transactionsFailed: 'Failed to load transaction history. The user may not have any transactions yet.',
  sentMessagesFailed: 'Failed to load the messages sent to this user.',
  notProvided: 'Not provided',
} as const;

/** A lender's Portfolio tab (not in the spec; worded as its messages are). */
export const LENDER_PORTFOLIO_MESSAGES = {
  portfolioFailed: 'Failed to load the lender portfolio',
  participationsFailed: 'Failed to load participations',
  noParticipations: 'This lender has not funded any loans yet.',
  noneWithStatus: 'No participations with this status. Try another status.',
} as const;

/** The state /dashboard/users receives after a profile closed an account (decisions.md). */
export interface AccountClosedState {
  readonly closedAccount: string;
}

export function readClosedAccount(state: unknown): string | null {
  if (typeof state === 'object' && state !== null && 'closedAccount' in state) {
    return typeof state.closedAccount === 'string' ? state.closedAccount : null;
  }
  return null;
}
