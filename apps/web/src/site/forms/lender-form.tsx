import { Button } from '../../ui/button.tsx';
import { TextField } from '../../ui/field.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { TextareaField } from '../../ui/textarea-field.tsx';
import { FormStatus } from './form-status.tsx';
import { HoneypotField } from './honeypot-field.tsx';
import { usePublicForm } from './use-public-form.ts';

const lenderTypes = [
  { value: 'individual', label: 'Individual' },
  { value: 'company', label: 'Company' },
  { value: 'sacco', label: 'SACCO' },
  { value: 'investment_club', label: 'Investment club' },
];

const investmentRanges = [
  { value: 'under_5m', label: 'Under 5,000,000 UGX' },
  { value: '5m_20m', label: '5,000,000 to 20,000,000 UGX' },
  { value: '20m_100m', label: '20,000,000 to 100,000,000 UGX' },
  { value: 'over_100m', label: 'Over 100,000,000 UGX' },
];

/** Posts to POST /api/public/lender-interest/ after checking the same rules as the server. */
export function LenderForm() {
  const { state, onSubmit, fieldError } = usePublicForm('lender');
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="relative flex flex-col gap-4"
      aria-labelledby="lender-form-title"
    >
      <h2 id="lender-form-title" className="text-2xl font-bold text-slate-900 dark:text-white">
        Register your interest
      </h2>
      <TextField label="Full name" name="name" autoComplete="name" required error={fieldError('name')} />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        error={fieldError('email')}
      />
      <TextField
        label="Phone number"
        name="phone_number"
        type="tel"
        autoComplete="tel"
        placeholder="0772 123 456"
        required
        error={fieldError('phone_number')}
      />
      <SelectField
        label="I am lending as"
        name="lender_type"
        options={lenderTypes}
        error={fieldError('lender_type')}
      />
      <TextField
        label="Organisation (optional)"
        name="organisation"
        autoComplete="organization"
        error={fieldError('organisation')}
      />
      <SelectField
        label="How much would you like to lend?"
        name="investment_range"
        options={investmentRanges}
        error={fieldError('investment_range')}
      />
      <TextareaField
        label="Anything we should know? (optional)"
        name="message"
        error={fieldError('message')}
      />
      <HoneypotField />
      <FormStatus state={state} />
      <Button type="submit" disabled={state.status === 'sending'} className="self-start">
        {state.status === 'sending' ? 'Sending…' : 'Register interest'}
      </Button>
    </form>
  );
}
