import { type FormEvent, useState } from 'react';
import { serverReason } from '../../../lib/api-error-message.ts';
import { ErrorAlert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { useSetOpenApplicationsAllowed } from './use-users.ts';

const CHOICES = Array.from({ length: 10 }, (_, index) => {
  const count = index + 1;
  return { value: String(count), label: count === 1 ? '1 (the rule)' : String(count) };
});

/**
 * How many applications a borrower may have open at once: one, the rule (docs/lending.md), unless
 * an admin allows more here, for a business with a real reason to run two (audited on the server).
 */
export function OpenApplicationsAllowance({
  userId,
  name,
  current,
}: {
  readonly userId: number;
  readonly name: string;
  readonly current: number;
}) {
  const [choice, setChoice] = useState(String(current));
  const save = useSetOpenApplicationsAllowed(userId);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate(Number(choice));
  };

  return (
    <Card className="flex flex-col gap-3 p-5">
      <h2 className="text-lg font-bold text-slate-900 dark:text-white">Applications at once</h2>
      <p className="text-slate-700 dark:text-slate-300">
        A borrower may have one application open (waiting for a decision, or approved and not yet paid out).
        Allow more only with a reason.
      </p>
      <form className="flex flex-wrap items-end gap-3" onSubmit={onSubmit} aria-busy={save.isPending}>
        <SelectField
          label="Open applications allowed"
          name="max_open_applications"
          options={CHOICES}
          value={choice}
          onChange={(event) => {
            setChoice(event.target.value);
            save.reset();
          }}
        />
        <Button type="submit" variant="secondary" disabled={save.isPending || Number(choice) === current}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
      </form>
      {save.isSuccess ? (
        <p role="status" className="text-emerald-800 dark:text-emerald-300">
          Saved: {name} may have up to {save.data.max_open_applications} open{' '}
          {save.data.max_open_applications === 1 ? 'application' : 'applications'} at once.
        </p>
      ) : null}
      {save.isError ? (
        <ErrorAlert>Failed to save the allowance. {serverReason(save.error) ?? ''}</ErrorAlert>
      ) : null}
    </Card>
  );
}
