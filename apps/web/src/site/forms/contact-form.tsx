import { Button } from '../../ui/button.tsx';
import { TextField } from '../../ui/field.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { TextareaField } from '../../ui/textarea-field.tsx';
import { FormStatus } from './form-status.tsx';
import { HoneypotField } from './honeypot-field.tsx';
import { usePublicForm } from './use-public-form.ts';

const topics = [
  { value: 'borrowing', label: 'Borrowing for my business' },
  { value: 'lending', label: 'Lending with Sente' },
  { value: 'repayment', label: 'A loan I am repaying' },
  { value: 'partnership', label: 'Partnerships and press' },
  { value: 'other', label: 'Something else' },
];

/** Posts to POST /api/public/contact/ after checking the same rules as the server. */
export function ContactForm() {
  const { state, onSubmit, fieldError } = usePublicForm('contact');
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="relative flex flex-col gap-4"
      aria-labelledby="contact-form-title"
    >
      <h2 id="contact-form-title" className="text-2xl font-bold text-slate-900 dark:text-white">
        Send us a message
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
        label="Phone number (optional)"
        name="phone_number"
        type="tel"
        autoComplete="tel"
        placeholder="0772 123 456"
        error={fieldError('phone_number')}
      />
      <SelectField label="Topic" name="topic" options={topics} error={fieldError('topic')} />
      <TextareaField label="Message" name="message" required error={fieldError('message')} />
      <HoneypotField />
      <FormStatus state={state} />
      <Button type="submit" disabled={state.status === 'sending'} className="self-start">
        {state.status === 'sending' ? 'Sending…' : 'Send message'}
      </Button>
    </form>
  );
}
