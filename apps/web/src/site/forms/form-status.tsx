import { ErrorAlert } from '../../ui/alert.tsx';
import type { PublicFormState } from './use-public-form.ts';

export function FormStatus({ state }: { readonly state: PublicFormState }) {
  if (state.status === 'failed') return <ErrorAlert>{state.message}</ErrorAlert>;
  if (state.status === 'sent') {
    return (
      <div
        role="status"
        className="rounded-lg border border-emerald-300 bg-emerald-50 px-3 py-2 text-sm text-emerald-900 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-100"
      >
        {state.message}
      </div>
    );
  }
  return (
    <div role="status" className="sr-only">
      {state.status === 'sending' ? 'Sending…' : ''}
    </div>
  );
}
