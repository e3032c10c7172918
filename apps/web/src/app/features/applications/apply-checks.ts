import { CreateApplicationBody, formatUgx, type LoanTypeDto, parseUgx, ugxOrZero } from '@sente/contract';

/** The apply form as typed: strings, so nothing typed is ever lost or reformatted under the thumb. */
export interface ApplyDraft {
  readonly loan_type: string;
  readonly amount_requested: string;
  readonly loan_term: string;
  readonly loan_purpose: string;
  readonly business_name: string;
  readonly business_type: string;
  readonly business_location: string;
  readonly monthly_income: string;
  readonly nin: string;
}

export const EMPTY_APPLY_DRAFT: ApplyDraft = {
  loan_type: '',
  amount_requested: '',
  loan_term: '6',
  loan_purpose: '',
  business_name: '',
  business_type: '',
  business_location: '',
  monthly_income: '',
  nin: '',
};

export type ApplyCheck =
  | { readonly kind: 'ok'; readonly body: CreateApplicationBody }
  | { readonly kind: 'invalid'; readonly errors: Readonly<Record<string, string>> };

/**
 * The contract's own schema (the server runs the same) plus the chosen type's range, so a typo is
 * caught before a slow network is spent on it.
 */
export function checkApplication(draft: ApplyDraft, loanType: LoanTypeDto | undefined): ApplyCheck {
  const errors: Record<string, string> = {};
  const amount = parseUgx(draft.amount_requested);
  const income = parseUgx(draft.monthly_income);
  const parsed = CreateApplicationBody.safeParse({
    ...draft,
    loan_type: draft.loan_type === '' ? undefined : draft.loan_type,
    amount_requested: amount ?? draft.amount_requested,
    monthly_income: income ?? draft.monthly_income,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  if (!loanType) errors.loan_type = 'Choose a loan type';
  if (amount === null && draft.amount_requested.trim() !== '') {
    errors.amount_requested = 'Enter the amount in whole shillings, like 1,500,000';
  }
  if (draft.amount_requested.trim() === '') errors.amount_requested = 'Enter the amount you need';
  if (draft.monthly_income.trim() === '') errors.monthly_income = 'Enter your business’s monthly income';
  if (loanType && amount !== null) {
    const min = ugxOrZero(loanType.min_amount);
    const max = ugxOrZero(loanType.max_amount);
    if (amount < min || amount > max) {
      errors.amount_requested = `${loanType.loan_type_name} lends from ${formatUgx(min)} to ${formatUgx(max)}`;
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { kind: 'invalid', errors };
  return { kind: 'ok', body: parsed.data };
}
