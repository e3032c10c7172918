import type { Kyc, KycUpdateBody, LenderKind } from '@sente/contract';
import { type FormEvent, useState } from 'react';
import { ErrorAlert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/field.tsx';
import { RadioCard } from '../../../ui/radio-card.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { failureOf } from '../../session/failure.ts';
import { focusFirstError } from '../../shell/focus-first-error.ts';
import {
  checkInstitution,
  checkKyc,
  type InstitutionDraft,
  type KycDraft,
  latestAdultBirthDate,
  normalizeNationalId,
} from './kyc-checks.ts';
import { useUpdateKyc } from './use-kyc.ts';

const genderOptions = [
  { value: '', label: 'Choose...' },
  { value: 'Female', label: 'Female' },
  { value: 'Male', label: 'Male' },
];

interface Draft extends KycDraft, InstitutionDraft {
  readonly kind: LenderKind;
}

function draftOf(kyc: Kyc): Draft {
  return {
    date_of_birth: kyc.date_of_birth ?? '',
    gender: kyc.gender ?? '',
    address: kyc.address ?? '',
    national_id: kyc.national_id ?? '',
    kind: kyc.lender_kind ?? 'individual',
    registration_number: kyc.registration_number ?? '',
    contact_person: kyc.contact_person ?? '',
  };
}

const kindChoices: readonly { value: LenderKind; label: string }[] = [
  { value: 'individual', label: 'Myself, as a person' },
  { value: 'institution', label: 'A company, SACCO or other organisation' },
];

/** What is sent: a person's four fields, or an institution's two; a lender also says which it is. */
function bodyOf(draft: Draft, isLender: boolean): KycUpdateBody {
  if (isLender && draft.kind === 'institution') {
    return {
      lender_kind: 'institution',
      registration_number: draft.registration_number.trim(),
      contact_person: draft.contact_person.trim(),
    };
  }
  return {
    ...(isLender ? { lender_kind: 'individual' as const } : {}),
    date_of_birth: draft.date_of_birth,
    gender: draft.gender === '' ? null : draft.gender,
    address: draft.address.trim(),
    national_id: normalizeNationalId(draft.national_id),
  };
}

/**
 * Date of birth, gender, address and NIN, checked here as the server will check them. A lender first
 * says whether it lends as a person or as an institution, which gives its registration number and
 * contact person instead (decisions.md, lender).
 */
export function KycForm({
  kyc,
  isLender,
  onSaved,
}: {
  readonly kyc: Kyc;
  readonly isLender: boolean;
  readonly onSaved: () => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(kyc));
  const [checkErrors, setCheckErrors] = useState<Record<string, string>>({});
  const update = useUpdateKyc();
  const failure = update.error ? failureOf(update.error) : null;
  const errors = { ...failure?.fieldErrors, ...checkErrors };
  const isInstitution = isLender && draft.kind === 'institution';

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = isInstitution ? checkInstitution(draft) : checkKyc(draft);
    setCheckErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstError(event.currentTarget);
      return;
    }
    const form = event.currentTarget;
    update.mutate(bodyOf(draft, isLender), { onSuccess: onSaved, onError: () => focusFirstError(form) });
  };

  const set = (name: keyof Draft) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [name]: event.target.value }));
  const hasErrors = Object.keys(errors).length > 0;

  return (
    <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate aria-busy={update.isPending}>
      {failure && !hasErrors ? <ErrorAlert>{failure.message}</ErrorAlert> : null}
      {hasErrors ? (
        <ErrorAlert>Some details need a change: see the messages under the fields.</ErrorAlert>
      ) : null}
      {isLender ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-800 dark:text-slate-200">You lend as</legend>
          {kindChoices.map((choice) => (
            <RadioCard
              key={choice.value}
              name="lender_kind"
              value={choice.value}
              checked={draft.kind === choice.value}
              onChange={() => {
                setCheckErrors({});
                setDraft((current) => ({ ...current, kind: choice.value }));
              }}
            >
              {choice.label}
            </RadioCard>
          ))}
        </fieldset>
      ) : null}
      {isInstitution ? (
        <>
          <TextField
            label="Registration number (URSB)"
            name="registration_number"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="80020001234567"
            value={draft.registration_number}
            onChange={set('registration_number')}
            error={errors.registration_number}
          />
          <TextField
            label="Contact person"
            name="contact_person"
            autoComplete="name"
            hint="The person Sente speaks to about this account."
            value={draft.contact_person}
            onChange={set('contact_person')}
            error={errors.contact_person}
          />
        </>
      ) : (
        <>
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
        </>
      )}
      <Button type="submit" disabled={update.isPending}>
        {update.isPending ? 'Saving...' : 'Save profile'}
      </Button>
    </form>
  );
}
