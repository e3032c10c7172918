import { LoanTypeBody, type LoanTypeDto, toUgxString, ugxOrZero } from '@sente/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { serverReason } from '../../../lib/api-error-message.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { ErrorBanner } from '../../../ui/error-banner.tsx';
import { TextField } from '../../../ui/field.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { useToast } from '../../../ui/toast.tsx';
import { LOAN_MESSAGES } from './loan-messages.ts';
import { type LoanTypeForm, useSaveLoanType } from './use-loan-types.ts';

type FieldName = keyof LoanTypeForm;
type FieldErrors = Partial<Record<FieldName, string>>;

const EMPTY: LoanTypeForm = {
  loan_type_name: '',
  min_amount: '',
  max_amount: '',
  interest_rate: '',
  interest_type: 'FLAT',
  appraisal_time: '',
  status: 'ACTIVE',
};

function formOf(type: LoanTypeDto): LoanTypeForm {
  return {
    loan_type_name: type.loan_type_name,
    min_amount: String(ugxOrZero(type.min_amount)),
    max_amount: String(ugxOrZero(type.max_amount)),
    interest_rate: type.interest_rate,
    interest_type: type.interest_type,
    appraisal_time: type.appraisal_time,
    status: type.status,
  };
}

const FIELD_NAMES: readonly FieldName[] = [
  'loan_type_name',
  'min_amount',
  'max_amount',
  'interest_rate',
  'interest_type',
  'appraisal_time',
  'status',
];

/** Every field is required (spec section 5); the rest are the contract's own rules. */
export function validateLoanType(form: LoanTypeForm): FieldErrors {
  const errors: FieldErrors = {};
  for (const name of FIELD_NAMES) {
    if (form[name].trim() === '') errors[name] = 'This field is required';
  }
  const parsed = LoanTypeBody.safeParse(form);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = FIELD_NAMES.find((field) => field === issue.path[0]);
      if (name && !errors[name]) errors[name] = issue.message;
    }
  }
  return errors;
}

function serverFieldErrors(error: unknown): FieldErrors {
  const details = error instanceof ApiRequestError ? error.details : undefined;
  const errors: FieldErrors = {};
  for (const name of FIELD_NAMES) {
    const message = details?.[name]?.[0];
    if (message) errors[name] = message;
  }
  return errors;
}

/** Add New Loan Type, or edit one prefilled; per-field messages from the form and the server. */
export function LoanTypeDialog({
  editing,
  onClose,
}: {
  readonly editing: LoanTypeDto | 'new' | null;
  readonly onClose: () => void;
}) {
  const [form, setForm] = useState<LoanTypeForm>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveLoanType();
  const { reset } = save;
  const isNew = editing === 'new';

  useEffect(() => {
    if (editing === null) return;
    setForm(editing === 'new' ? EMPTY : formOf(editing));
    setErrors({});
    reset();
  }, [editing, reset]);

  const set = (name: FieldName) => (value: string) => {
    setForm((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const toast = useToast();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateLoanType(form);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    const id = editing === null || editing === 'new' ? null : editing.id;
    save.mutate(
      {
        id,
        form: {
          ...form,
          min_amount: toUgxString(Number(form.min_amount)),
          max_amount: toUgxString(Number(form.max_amount)),
        },
      },
      {
        onSuccess: () => {
          toast.show({
            message: `Loan type ${form.loan_type_name.trim()} ${id === null ? 'added' : 'saved'}`,
          });
          onClose();
        },
        onError: (error) => setErrors(serverFieldErrors(error)),
      },
    );
  };

  const formId = 'loan-type-form';
  return (
    <Dialog
      isOpen={editing !== null}
      title={isNew ? 'Add New Loan Type' : 'Edit Loan Type'}
      onClose={onClose}
      isBusy={save.isPending}
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Submit'}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
        {save.isError ? (
          <div className="sm:col-span-2">
            <ErrorBanner
              message={isNew ? LOAN_MESSAGES.addFailed : LOAN_MESSAGES.updateFailed}
              reason={serverReason(save.error)}
            />
          </div>
        ) : null}
        <TextField
          className="sm:col-span-2"
          label="Loan Type"
          required
          value={form.loan_type_name}
          onChange={(event) => set('loan_type_name')(event.target.value)}
          error={errors.loan_type_name}
        />
        <TextField
          label="Min Amount"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          required
          value={form.min_amount}
          onChange={(event) => set('min_amount')(event.target.value)}
          error={errors.min_amount}
        />
        <TextField
          label="Max Amount"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          required
          value={form.max_amount}
          onChange={(event) => set('max_amount')(event.target.value)}
          error={errors.max_amount}
        />
        <TextField
          label="Interest Rate (%)"
          type="number"
          inputMode="decimal"
          min={0.01}
          step={0.01}
          required
          value={form.interest_rate}
          onChange={(event) => set('interest_rate')(event.target.value)}
          error={errors.interest_rate}
        />
        <SelectField
          label="Interest Type"
          required
          value={form.interest_type}
          onChange={(event) => set('interest_type')(event.target.value)}
          options={[
            { value: 'FLAT', label: 'Flat Rate' },
            { value: 'COMPOUND', label: 'Compound Interest' },
          ]}
          error={errors.interest_type}
        />
        <TextField
          label="Appraisal Time"
          placeholder="e.g. 24 hours"
          required
          value={form.appraisal_time}
          onChange={(event) => set('appraisal_time')(event.target.value)}
          error={errors.appraisal_time}
        />
        <SelectField
          label="Status"
          required
          value={form.status}
          onChange={(event) => set('status')(event.target.value)}
          options={[
            { value: 'ACTIVE', label: 'Active' },
            { value: 'INACTIVE', label: 'Inactive' },
          ]}
          error={errors.status}
        />
      </form>
    </Dialog>
  );
}
