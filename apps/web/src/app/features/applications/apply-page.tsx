import { formatUgx, type LoanTypeDto } from '@sente/contract';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { ErrorAlert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/field.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { textLinkClass } from '../../../ui/text-link.ts';
import { TextareaField } from '../../../ui/textarea-field.tsx';
import { failureOf } from '../../session/failure.ts';
import { useAppUser } from '../../shell/app-user.tsx';
import { focusFirstError } from '../../shell/focus-first-error.ts';
import { QueryState } from '../../shell/query-state.tsx';
import { useDraft } from '../../shell/use-draft.ts';
import { useKyc } from '../profile/use-kyc.ts';
import { type ApplyDraft, checkApplication, EMPTY_APPLY_DRAFT } from './apply-checks.ts';
import { quoteFor } from './apply-quote.ts';
import { ApplyQuoteCard } from './apply-quote-card.tsx';
import { LoanTypeChoice } from './loan-type-choice.tsx';
import { useCreateApplication, useLoanTypes, useMyApplications } from './use-applications.ts';

const termOptions = Array.from({ length: 24 }, (_, index) => ({
  value: String(index + 1),
  label: index === 0 ? '1 month' : `${index + 1} months`,
}));

export function ApplyPage() {
  useDocumentTitle('Apply for a loan');
  const user = useAppUser();
  const loanTypes = useLoanTypes();
  const mine = useMyApplications();
  // The server's rule (docs/lending.md): one open application at a time, unless an admin allowed more.
  const open = mine.data?.results.find(
    (application) =>
      application.status === 'PENDING' ||
      (application.status === 'APPROVED' && application.approved_loan === null),
  );

  return (
    <div className="flex flex-col gap-5">
      <h1 className="text-2xl font-bold">Apply for a loan</h1>
      {user.phone_verified ? null : (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-amber-950 dark:bg-amber-950 dark:text-amber-100">
          Confirm your phone before you apply:{' '}
          <Link to={paths.appVerifyPhone} className={textLinkClass}>
            enter the code from the SMS
          </Link>
          .
        </p>
      )}
      {open ? (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-amber-950 dark:bg-amber-950 dark:text-amber-100">
          You already have an application in progress:{' '}
          <Link to={paths.appApplication(open.id)} className={textLinkClass}>
            {open.business_name}, {formatUgx(open.amount_requested)}
          </Link>
          . Sente looks at one application at a time, so a new one is refused until that one is paid out or
          decided, unless Sente has agreed to more.
        </p>
      ) : null}
      <QueryState query={loanTypes} label="the loan types">
        {(types) =>
          types.length === 0 ? (
            <p>No loan type is open for applications right now. Please check again later.</p>
          ) : (
            <ApplyForm types={types} />
          )
        }
      </QueryState>
    </div>
  );
}

function ApplyForm({ types }: { readonly types: readonly LoanTypeDto[] }) {
  const navigate = useNavigate();
  const kyc = useKyc();
  const create = useCreateApplication();
  const [draft, setDraft, clearDraft] = useDraft<ApplyDraft>('apply', {
    ...EMPTY_APPLY_DRAFT,
    loan_type: types.length === 1 ? String(types[0]?.id) : '',
  });
  const [checkErrors, setCheckErrors] = useState<Readonly<Record<string, string>>>({});
  const loanType = types.find((type) => String(type.id) === draft.loan_type);
  const nin = draft.nin || kyc.data?.national_id || '';
  const failure = create.error ? failureOf(create.error) : null;
  const errors = { ...failure?.fieldErrors, ...checkErrors };
  const hasErrors = Object.keys(errors).length > 0;

  const set = (name: keyof ApplyDraft) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [name]: event.target.value }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const check = checkApplication({ ...draft, nin }, loanType);
    if (check.kind === 'invalid') {
      setCheckErrors(check.errors);
      focusFirstError(event.currentTarget);
      return;
    }
    setCheckErrors({});
    create.mutate(check.body, {
      onError: () => focusFirstError(form),
      onSuccess: (application) => {
        clearDraft();
        void navigate(paths.appApplication(application.id), {
          state: { notice: 'Your application is sent. Now add your documents.' },
        });
      },
    });
  };

  return (
    <form className="flex flex-col gap-5" onSubmit={onSubmit} noValidate aria-busy={create.isPending}>
      <LoanTypeChoice
        types={types}
        value={draft.loan_type}
        onChange={(id) => setDraft((current) => ({ ...current, loan_type: id }))}
        error={errors.loan_type}
      />
      <TextField
        label="Amount (UGX)"
        name="amount_requested"
        inputMode="numeric"
        autoComplete="off"
        value={draft.amount_requested}
        onChange={set('amount_requested')}
        hint={
          loanType
            ? `From ${formatUgx(loanType.min_amount)} to ${formatUgx(loanType.max_amount)}`
            : 'Choose a loan type to see its range'
        }
        error={errors.amount_requested}
      />
      <SelectField
        label="Term"
        name="loan_term"
        options={termOptions}
        value={draft.loan_term}
        onChange={set('loan_term')}
        error={errors.loan_term}
      />
      <ApplyQuoteCard
        quote={quoteFor(loanType, draft.amount_requested, draft.loan_term)}
        loanType={loanType}
      />
      <TextareaField
        label="What is the loan for?"
        name="loan_purpose"
        rows={3}
        value={draft.loan_purpose}
        onChange={set('loan_purpose')}
        error={errors.loan_purpose}
      />
      <TextField
        label="Business name"
        name="business_name"
        autoComplete="organization"
        value={draft.business_name}
        onChange={set('business_name')}
        error={errors.business_name}
      />
      <TextField
        label="Type of business (optional)"
        name="business_type"
        placeholder="Retail shop, salon, farm..."
        value={draft.business_type}
        onChange={set('business_type')}
        error={errors.business_type}
      />
      <TextField
        label="Business location"
        name="business_location"
        hint="District or town first, then the place: Kampala, Owino Market"
        value={draft.business_location}
        onChange={set('business_location')}
        error={errors.business_location}
      />
      <TextField
        label="Monthly income of the business (UGX)"
        name="monthly_income"
        inputMode="numeric"
        autoComplete="off"
        value={draft.monthly_income}
        onChange={set('monthly_income')}
        error={errors.monthly_income}
      />
      <TextField
        label="National Identification Number (NIN)"
        name="nin"
        autoCapitalize="characters"
        spellCheck={false}
        placeholder="CM12345678901A"
        value={nin}
        onChange={set('nin')}
        hint={kyc.data?.national_id ? 'From your profile' : undefined}
        error={errors.nin}
      />
      {hasErrors ? (
        <ErrorAlert>Some details need a change: see the messages under the fields.</ErrorAlert>
      ) : null}
      {failure && !hasErrors ? <ErrorAlert>{failure.message}</ErrorAlert> : null}
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? 'Sending your application...' : 'Send application'}
      </Button>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        What you type is kept on this phone until you send it or sign out.
      </p>
    </form>
  );
}
