import { ContactMessageBody, LenderInterestBody, routes } from '@sente/contract';
import { ApiRequestError, api } from '../../lib/api-client.ts';

// Loaded only when a visitor submits, so zod and the contract stay out of every page's first download.

export type PublicFormKind = 'contact' | 'lender';

export type SendResult =
  | { readonly ok: true; readonly message: string }
  | { readonly ok: false; readonly message: string; readonly fieldErrors: Readonly<Record<string, string>> };

const INVALID_MESSAGE = 'Please correct the highlighted fields.';

function firstMessages(details: Readonly<Record<string, readonly string[]>>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, messages] of Object.entries(details)) {
    const first = messages[0];
    if (first) errors[field] = first;
  }
  return errors;
}

function issuesToErrors(issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>) {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return errors;
}

async function post(kind: PublicFormKind, values: Record<string, string>): Promise<string> {
  if (kind === 'contact') {
    const parsed = ContactMessageBody.safeParse(values);
    if (!parsed.success) throw parsed.error;
    return (await api(routes.submitContactMessage, { body: values as ContactMessageBody })).message;
  }
  const parsed = LenderInterestBody.safeParse(values);
  if (!parsed.success) throw parsed.error;
  return (await api(routes.submitLenderInterest, { body: values as LenderInterestBody })).message;
}

/** Validates with the contract's schemas (the server's own), then posts; field errors come back by name. */
export async function sendPublicForm(
  kind: PublicFormKind,
  values: Record<string, string>,
): Promise<SendResult> {
  try {
    return { ok: true, message: await post(kind, values) };
  } catch (error) {
    if (error instanceof ApiRequestError) {
      const details = error.details;
      return details
        ? { ok: false, message: INVALID_MESSAGE, fieldErrors: firstMessages(details) }
        : { ok: false, message: error.message, fieldErrors: {} };
    }
    if (error instanceof Error && 'issues' in error && Array.isArray(error.issues)) {
      return { ok: false, message: INVALID_MESSAGE, fieldErrors: issuesToErrors(error.issues) };
    }
    throw error;
  }
}
