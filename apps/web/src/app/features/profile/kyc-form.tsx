import type { Kyc } from '@sente/contract';
import { type FormEvent, useState } from 'react';
import { ErrorAlert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/field.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { failureOf } from '../../session/failure.ts';
import { focusFirstError } from '../../shell/focus-first-error.ts';
import { checkKyc, type KycDraft, latestAdultBirthDate, normalizeNationalId } from './kyc-checks.ts';
import { useUpdateKyc } from './use-kyc.ts';

const genderOptions = [
  { value: '', label: 'Choose...' },
  { value: 'Female', label: 'Female' },
  { value: 'Male', label: 'Male' },
];

function draftOf(kyc: Kyc): KycDraft {
  return {
    date_of_birth: kyc.date_of_birth ?? '',
    gender: kyc.gender ?? '',
    address: kyc.address ?? '',
    national_id: kyc.national_id ?? '',
  };
}

/** Date of birth, gender, address and NIN, checked here as the server will check them. */
export function KycForm({ kyc, onSaved }: { readonly kyc: Kyc; readonly onSaved: () => void }) {
  const [draft, setDraft] = useState<KycDraft>(() => draftOf(kyc));
  const [checkErrors, setCheckErrors] = useState<Record<string, string>>({});
  const update = useUpdateKyc();
  const failure = update.error ? failureOf(update.error) : null;
  const errors = { ...failure?.fieldErrors, ...checkErrors };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = checkKyc(draft);
    setCheckErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstError(event.currentTarget);
      return;
    }
    const form = event.currentTarget;
    update.mutate(
      {
        date_of_birth: draft.date_of_birth,
        gender: draft.gender === '' ? null : draft.gender,
        address: draft.address.trim(),
        national_id: normalizeNationalId(draft.national_id),
      },
      { onSuccess: onSaved, onError: () => focusFirstError(form) },
    );
  };

  const set = (name: keyof KycDraft) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [name]: event.target.value }));
  const hasErrors = Object.keys(errors).length > 0;

  return (
    <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate aria-busy={update.isPending}>
      {failure && !hasErrors ? <ErrorAlert>{failure.message}</ErrorAlert> : null}
      {hasErrors ? (
        <ErrorAlert>Some details need a change: see the messages under the fields.</ErrorAlert>
      ) : null}
      <TextField
        label="Date of birth"
        type="date"
        name="date_of_birth"
        max={latestAdultBirthDate()}
        autoComplete="bday"
        value={draft.date_of_birth}
        onChange={set('date_of_birth')}
        error={errors.date_of_birth}
      />
      <SelectField
        label="Gender"
        name="gender"
        options={genderOptions}
        value={draft.gender}
        onChange={set('gender')}
        error={errors.gender}
      />
      <TextField
        label="Home address"
        name="address"
        autoComplete="street-address"
        value={draft.address}
        onChange={set('address')}
        error={errors.address}
      />
      <TextField
        label="National Identification Number (NIN)"
        name="national_id"
        autoCapitalize="characters"
        spellCheck={false}
        placeholder="CM12345678901A"
        value={draft.national_id}
        onChange={set('national_id')}
        error={errors.national_id}
      />
      <Button type="submit" disabled={update.isPending}>
        {update.isPending ? 'Saving...' : 'Save profile'}
      </Button>
    </form>
  );
}
