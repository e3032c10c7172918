import {
  type AutoInvestRule,
  AutoInvestRuleBody,
  formatNumber,
  parseUgx,
  type RiskGrade,
  ugxOrZero,
} from '@sente/contract';
import type { z } from 'zod';

/** The auto-invest form as typed: numbers stay text until checked, so nothing typed is lost. */
export interface AutoInvestDraft {
  readonly enabled: boolean;
  readonly risk_grades: readonly RiskGrade[];
  /** Loan type ids; none means every loan type. */
  readonly loan_types: readonly number[];
  readonly max_term_months: string;
  readonly min_rate: string;
  readonly amount_per_loan: string;
  readonly max_share_percent: string;
  readonly keep_cash: string;
}

export type AutoInvestBody = z.input<typeof AutoInvestRuleBody>;

export type AutoInvestCheck =
  | { readonly kind: 'valid'; readonly body: AutoInvestBody }
  | { readonly kind: 'invalid'; readonly errors: Readonly<Record<string, string>> };

/** The saved rule as the form shows it: money grouped in thousands ("150,000"), the rate as the wire's "2.50". */
export function draftOfRule(rule: AutoInvestRule): AutoInvestDraft {
  return {
    enabled: rule.enabled,
    risk_grades: rule.risk_grades,
    loan_types: rule.loan_types,
    max_term_months: String(rule.max_term_months),
    min_rate: rule.min_rate,
    amount_per_loan: formatNumber(ugxOrZero(rule.amount_per_loan)),
    max_share_percent: String(rule.max_share_percent),
    keep_cash: formatNumber(ugxOrZero(rule.keep_cash)),
  };
}

function wholeNumber(text: string): number | null {
  return /^\s*\d{1,9}\s*$/.test(text) ? Number(text) : null;
}

/**
 * The rule checked before sending: the contract's own body schema (the server's), after the text is
 * read as numbers, plus the whole-thousands rule an amount per loan shares with a bid. The smallest
 * amount (MIN_BID) is the server's setting: its words come back under the field.
 */
export function checkAutoInvest(draft: AutoInvestDraft): AutoInvestCheck {
  const errors: Record<string, string> = {};
  const term = wholeNumber(draft.max_term_months);
  if (term === null) errors.max_term_months = 'Enter the longest term in whole months, from 1 to 24';
  const share = wholeNumber(draft.max_share_percent);
  if (share === null) errors.max_share_percent = 'Enter a whole percent, from 1 to 100';
  const amount = parseUgx(draft.amount_per_loan);
  if (amount === null || amount <= 0)
    errors.amount_per_loan = 'Enter the amount per loan in whole shillings, like 100,000';
  else if (amount % 1000 !== 0) errors.amount_per_loan = 'Enter whole thousands of shillings, like 150,000';
  const keep = draft.keep_cash.trim() === '' ? 0 : parseUgx(draft.keep_cash);
  if (keep === null) errors.keep_cash = 'Enter the cash to keep in whole shillings, or 0';

  const body: AutoInvestBody = {
    enabled: draft.enabled,
    risk_grades: [...draft.risk_grades],
    loan_types: [...draft.loan_types],
    max_term_months: term ?? 0,
    min_rate: draft.min_rate.trim(),
    amount_per_loan: amount ?? 0,
    max_share_percent: share ?? 0,
    keep_cash: keep ?? 0,
  };
  const parsed = AutoInvestRuleBody.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  if (errors.min_rate && draft.min_rate.trim() === '') errors.min_rate = 'Enter the lowest rate, like 2.50';
  if (Object.keys(errors).length > 0) return { kind: 'invalid', errors };
  return { kind: 'valid', body };
}
