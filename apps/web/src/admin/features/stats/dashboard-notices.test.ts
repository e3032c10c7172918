import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../lib/api-client.ts';
import {
  DASHBOARD_NOTICES,
  dashboardNotices,
  isEmptyAnswer,
  MARKETPLACE_NOTICES,
} from './dashboard-notices.ts';

const ok = { isError: false, error: null };
const failed = { isError: true, error: new ApiRequestError(500, { error: 'Internal server error' }) };
const empty = {
  isError: true,
  error: new ApiRequestError(200, null, 'The server sent an answer this app does not understand.'),
};

describe('dashboardNotices', () => {
  it('lists nothing when every source loaded', () => {
    expect(
      dashboardNotices({ users: ok, applications: ok, loans: ok, financial: ok, marketplace: ok }),
    ).toEqual([]);
  });

  it('names only the sources that failed, in card order', () => {
    expect(
      dashboardNotices({ users: failed, applications: ok, loans: failed, financial: ok, marketplace: ok }),
    ).toEqual(['User Statistics unavailable', 'Loan Statistics unavailable']);
    expect(
      dashboardNotices({ users: ok, applications: failed, loans: ok, financial: failed, marketplace: ok }),
    ).toEqual(['Application Statistics unavailable', 'Financial Statistics unavailable']);
  });

  it('tells an empty answer apart from a failure for loans and financial statistics', () => {
    expect(isEmptyAnswer(empty.error)).toBe(true);
    expect(isEmptyAnswer(failed.error)).toBe(false);
    expect(
      dashboardNotices({ users: ok, applications: ok, loans: empty, financial: empty, marketplace: ok }),
    ).toEqual([DASHBOARD_NOTICES.loansEmpty, DASHBOARD_NOTICES.financialEmpty]);
  });

  it('names the marketplace figures last when they fail or come back empty', () => {
    const base = { users: ok, applications: failed, loans: ok, financial: ok };
    expect(dashboardNotices({ ...base, marketplace: failed })).toEqual([
      'Application Statistics unavailable',
      'Marketplace Statistics unavailable',
    ]);
    expect(dashboardNotices({ ...base, applications: ok, marketplace: empty })).toEqual([
      MARKETPLACE_NOTICES.empty,
    ]);
  });

  it('says the dashboard is temporarily unavailable when all four fail', () => {
    expect(
      dashboardNotices({
        users: failed,
        applications: failed,
        loans: empty,
        financial: failed,
        marketplace: ok,
      }),
    ).toEqual(['Dashboard temporarily unavailable']);
    expect(
      dashboardNotices({
        users: failed,
        applications: failed,
        loans: failed,
        financial: failed,
        marketplace: failed,
      }),
    ).toEqual(['Dashboard temporarily unavailable']);
  });
});
