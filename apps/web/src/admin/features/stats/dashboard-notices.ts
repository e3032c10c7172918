import { ApiRequestError } from '../../../lib/api-client.ts';

/** The dashboard notices, word for word from spec section 8. */
export const DASHBOARD_NOTICES = {
  users: 'User Statistics unavailable',
  applications: 'Application Statistics unavailable',
  loans: 'Loan Statistics unavailable',
  loansEmpty: 'Loan Statistics returned empty',
  financial: 'Financial Statistics unavailable',
  financialEmpty: 'Financial Statistics returned empty',
  all: 'Dashboard temporarily unavailable',
} as const;

/** The marketplace section's notices: not in the spec, worded as its dashboard notices are. */
export const MARKETPLACE_NOTICES = {
  unavailable: 'Marketplace Statistics unavailable',
  empty: 'Marketplace Statistics returned empty',
} as const;

export const SOME_DATA_UNAVAILABLE = 'Some data may be unavailable';
export const ALL_DATA_LOADED = 'All dashboard data loaded successfully.';

/** A 2xx answer the client could not read (an empty body) is "returned empty", not "unavailable". */
export function isEmptyAnswer(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status >= 200 && error.status < 300;
}

export interface SourceState {
  readonly isError: boolean;
  readonly error: unknown;
}

export function dashboardNotices(sources: {
  readonly users: SourceState;
  readonly applications: SourceState;
  readonly loans: SourceState;
  readonly financial: SourceState;
  readonly marketplace: SourceState;
}): string[] {
  const { users, applications, loans, financial, marketplace } = sources;
  // The spec's rule is about its four sources: with all of them down the dashboard is, whatever
  // the marketplace figures do.
  if (users.isError && applications.isError && loans.isError && financial.isError)
    return [DASHBOARD_NOTICES.all];
  const notices: string[] = [];
  if (users.isError) notices.push(DASHBOARD_NOTICES.users);
  if (applications.isError) notices.push(DASHBOARD_NOTICES.applications);
  if (loans.isError)
    notices.push(isEmptyAnswer(loans.error) ? DASHBOARD_NOTICES.loansEmpty : DASHBOARD_NOTICES.loans);
  if (financial.isError) {
    notices.push(
      isEmptyAnswer(financial.error) ? DASHBOARD_NOTICES.financialEmpty : DASHBOARD_NOTICES.financial,
    );
  }
  if (marketplace.isError) {
    notices.push(
      isEmptyAnswer(marketplace.error) ? MARKETPLACE_NOTICES.empty : MARKETPLACE_NOTICES.unavailable,
    );
  }
  return notices;
}
