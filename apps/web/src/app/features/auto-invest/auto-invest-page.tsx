import {
  type AutoInvestRule,
  formatKampalaDateTime,
  type LoanTypeDto,
  RISK_GRADES,
  type RiskGrade,
} from '@sente/contract';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { ErrorAlert } from '../../../ui/alert.tsx';
import { Button, focusRing } from '../../../ui/button.tsx';
import { classNames } from '../../../ui/class-names.ts';
import { TextField } from '../../../ui/field.tsx';
import { textLinkClass } from '../../../ui/text-link.ts';
import { failureOf } from '../../session/failure.ts';
import { focusFirstError } from '../../shell/focus-first-error.ts';
import { QueryState } from '../../shell/query-state.tsx';
import { RequireRole } from '../../shell/require-role.tsx';
import { useDraft } from '../../shell/use-draft.ts';
import { useLoanTypes } from '../applications/use-applications.ts';
import { CannotBidYet } from '../market/cannot-bid-yet.tsx';
import { RISK_GRADE_SCORES } from '../market/listing-parts.tsx';
import { useLenderStatus } from '../market/use-market.ts';
import { type AutoInvestDraft, checkAutoInvest, draftOfRule } from './auto-invest-checks.ts';
import { useAutoInvestRule, useSaveAutoInvestRule } from './use-auto-invest.ts';

const checkboxClass = classNames('size-5 shrink-0 accent-emerald-700 dark:accent-emerald-400', focusRing);

interface FormDraft extends AutoInvestDraft {
  /** False while the form still shows the saved rule as it is: the server's answer then wins. */
  readonly dirty: boolean;
}

function Checkbox({
  label,
  checked,
  onChange,
  invalid,
  describedBy,
}: {
  readonly label: ReactNode;
  readonly checked: boolean;
  readonly onChange: (checked: boolean) => void;
  readonly invalid?: boolean;
  readonly describedBy?: string | undefined;
}) {
  return (
    <label className="flex min-h-11 items-center gap-3">
      <input
        type="checkbox"
        className={checkboxClass}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
      />
      <span>{label}</span>
    </label>
  );
}

function CheckboxGroup({
  legend,
  hint,
  error,
  children,
}: {
  readonly legend: string;
  readonly hint?: string;
  readonly error: string | undefined;
  readonly children: (props: { invalid: boolean; describedBy: string | undefined }) => ReactNode;
}) {
  const id = useId();
  const describedBy =
    [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className="flex flex-col gap-1" aria-describedby={describedBy}>
      <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">{legend}</legend>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      {children({ invalid: Boolean(error), describedBy })}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

const toggled = <T,>(list: readonly T[], item: T, isOn: boolean): T[] =>
  isOn ? [...list.filter((value) => value !== item), item] : list.filter((value) => value !== item);

function savedText(rule: AutoInvestRule): string {
  if (rule.updated_at === null)
    return 'You have not saved rules yet: the form shows the defaults, and auto-invest is off.';
  return `Auto-invest is ${rule.enabled ? 'on' : 'off'}. Rules last saved ${formatKampalaDateTime(rule.updated_at)}.`;
}

function AutoInvestForm({
  rule,
  loanTypes,
}: {
  readonly rule: AutoInvestRule;
  readonly loanTypes: readonly LoanTypeDto[];
}) {
  const save = useSaveAutoInvestRule();
  const [stored, setDraft] = useDraft<FormDraft>('auto-invest', { ...draftOfRule(rule), dirty: false });
  const draft: FormDraft = stored.dirty ? stored : { ...draftOfRule(rule), dirty: false };
  const [checkErrors, setCheckErrors] = useState<Readonly<Record<string, string>>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    // After the dialog has closed and given focus back, so the message is what is read next.
    if (notice) requestAnimationFrame(() => noticeRef.current?.focus());
  }, [notice]);
  const failure = save.error ? failureOf(save.error) : null;
  const errors = { ...failure?.fieldErrors, ...checkErrors };
  const hasFieldErrors = Object.keys(errors).length > 0;
  const offered = new Set(loanTypes.map((type) => type.id));
  const notOffered = draft.loan_types.filter((id) => !offered.has(id));

  const change = (changes: Partial<AutoInvestDraft>) => {
    setNotice(null);
    setDraft((current) => ({ ...(current.dirty ? current : draftOfRule(rule)), ...changes, dirty: true }));
  };
  const text = (
    name: 'max_term_months' | 'min_rate' | 'amount_per_loan' | 'max_share_percent' | 'keep_cash',
  ) => ({
    name,
    value: draft[name],
    onChange: (event: { target: { value: string } }) => change({ [name]: event.target.value }),
    error: errors[name],
    autoComplete: 'off',
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const check = checkAutoInvest(draft);
    if (check.kind === 'invalid') {
      setCheckErrors(check.errors);
      save.reset();
      focusFirstError(form);
      return;
    }
    setCheckErrors({});
    save.mutate(check.body, {
      onError: () => focusFirstError(form),
      onSuccess: (saved) => {
        setDraft(() => ({ ...draftOfRule(saved), dirty: false }));
        setNotice(
          saved.enabled
            ? 'Your auto-invest rules are saved. Auto-invest is on: Sente bids for you on listings that match.'
            : 'Your auto-invest rules are saved. Auto-invest is off: Sente does not bid for you.',
        );
      },
    });
  };

  return (
    <form className="flex flex-col gap-5" onSubmit={onSubmit} noValidate aria-busy={save.isPending}>
      <p className="text-sm text-slate-700 dark:text-slate-300">{savedText(rule)}</p>
      <Checkbox
        label={<span className="font-semibold">Bid for me automatically</span>}
        checked={draft.enabled}
        onChange={(enabled) => change({ enabled })}
      />
      <CheckboxGroup
        legend="Risk grades"
        hint="Tick at least one to turn auto-invest on."
        error={errors.risk_grades}
      >
        {({ invalid, describedBy }) =>
          RISK_GRADES.map((grade: RiskGrade) => (
            <Checkbox
              key={grade}
              label={`${grade}: ${RISK_GRADE_SCORES[grade]}`}
              checked={draft.risk_grades.includes(grade)}
              invalid={invalid}
              describedBy={describedBy}
              onChange={(isOn) =>
                change({
                  risk_grades: RISK_GRADES.filter((g) =>
                    g === grade ? isOn : draft.risk_grades.includes(g),
                  ),
                })
              }
            />
          ))
        }
      </CheckboxGroup>
      <CheckboxGroup
        legend="Loan types"
        hint={
          notOffered.length > 0
            ? `None ticked: every loan type. Your rule also keeps ${notOffered.length === 1 ? '1 loan type' : `${notOffered.length} loan types`} Sente no longer offers.`
            : 'None ticked: every loan type.'
        }
        error={errors.loan_types}
      >
        {({ invalid, describedBy }) =>
          loanTypes.map((type) => (
            <Checkbox
              key={type.id}
              label={type.loan_type_name}
              checked={draft.loan_types.includes(type.id)}
              invalid={invalid}
              describedBy={describedBy}
              onChange={(isOn) => change({ loan_types: toggled(draft.loan_types, type.id, isOn) })}
            />
          ))
        }
      </CheckboxGroup>
      <TextField
        label="Longest term (months)"
        inputMode="numeric"
        hint="From 1 to 24 months"
        {...text('max_term_months')}
      />
      <TextField
        label="Lowest rate (% per month)"
        inputMode="decimal"
        hint="Auto-invest bids at this rate, on listings whose highest rate reaches it. From 1.00 to 10.00."
        {...text('min_rate')}
      />
      <TextField
        label="Amount per loan (UGX)"
        inputMode="numeric"
        hint="Whole thousands; at most this much in one listing"
        {...text('amount_per_loan')}
      />
      <TextField
        label="Most of one listing (%)"
        inputMode="numeric"
        hint="From 1 to 100 percent of a listing's amount"
        {...text('max_share_percent')}
      />
      <TextField
        label="Cash to keep (UGX)"
        inputMode="numeric"
        hint="Auto-invest never bids this part of your available cash; 0 to use it all"
        {...text('keep_cash')}
      />
      {hasFieldErrors ? (
        <ErrorAlert>Some rules need a change: see the messages under the fields.</ErrorAlert>
      ) : null}
      {failure && !hasFieldErrors ? <ErrorAlert>{failure.message}</ErrorAlert> : null}
      {notice ? (
        <p
          ref={noticeRef}
          tabIndex={-1}
          role="status"
          className="rounded-lg bg-emerald-50 px-3 py-2 text-emerald-900 focus:outline-none dark:bg-emerald-950 dark:text-emerald-100"
        >
          {notice}
        </p>
      ) : null}
      <Button type="submit" disabled={save.isPending} className="self-start">
        {save.isPending ? 'Saving your rules...' : 'Save rules'}
      </Button>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        What you change is kept on this phone until you save it or sign out.
      </p>
    </form>
  );
}

function AutoInvest() {
  useDocumentTitle('Auto-invest');
  const rule = useAutoInvestRule();
  const loanTypes = useLoanTypes();
  const status = useLenderStatus();
  return (
    <div className="flex flex-col gap-5">
      <h1 className="text-2xl font-bold">Auto-invest</h1>
      <Link to={paths.appMarket} className={`${textLinkClass} self-start`}>
        Back to the marketplace
      </Link>
      <p>
        Sente bids for you on open listings that match your rules, at your lowest rate, within a minute of a
        listing opening or of your cash arriving. Lenders take turns, so no one takes every listing. You can
        change or withdraw each automatic bid on its listing, like any bid.
      </p>
      {status.data && !status.data.verified ? (
        <>
          <p>You may save your rules now: auto-invest bids only once Sente has verified your account.</p>
          <CannotBidYet status={status.data} />
        </>
      ) : null}
      <QueryState query={rule} label="your auto-invest rules">
        {(data) => (
          <QueryState query={loanTypes} label="the loan types">
            {(types) => <AutoInvestForm rule={data} loanTypes={types} />}
          </QueryState>
        )}
      </QueryState>
    </div>
  );
}

/** /app/auto-invest: the lender's standing rule (GET/PUT /api/marketplace/auto-invest/). */
export function AutoInvestPage() {
  return (
    <RequireRole allowed="lender">
      <AutoInvest />
    </RequireRole>
  );
}
