import { type FormEvent, useState } from 'react';
import type { PublicFormKind } from './send-public-form.ts';

export type PublicFormState =
  | { readonly status: 'idle' | 'sending' }
  | { readonly status: 'sent'; readonly message: string }
  | {
      readonly status: 'failed';
      readonly message: string;
      readonly fieldErrors: Readonly<Record<string, string>>;
    };

/** Submits a public form: validation and sending load on first submit (see send-public-form.ts). */
export function usePublicForm(kind: PublicFormKind) {
  const [state, setState] = useState<PublicFormState>({ status: 'idle' });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const values: Record<string, string> = {};
    for (const [name, value] of new FormData(form)) {
      if (typeof value === 'string') values[name] = value;
    }
    setState({ status: 'sending' });
    const { sendPublicForm } = await import('./send-public-form.ts');
    const result = await sendPublicForm(kind, values);
    if (result.ok) {
      form.reset();
      setState({ status: 'sent', message: result.message });
    } else {
      setState({ status: 'failed', message: result.message, fieldErrors: result.fieldErrors });
      const firstInvalid = Object.keys(result.fieldErrors)[0];
      const field = firstInvalid ? form.elements.namedItem(firstInvalid) : null;
      if (field instanceof HTMLElement) field.focus();
    }
  }

  const fieldError = (name: string): string | undefined =>
    state.status === 'failed' ? state.fieldErrors[name] : undefined;

  return { state, onSubmit, fieldError };
}
