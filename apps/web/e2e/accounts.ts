/**
 * Accounts for the browser tests, made as people make them: signed up through the API with the
 * phone confirmed, then whatever the account does next through the API, signed in as itself.
 */
import { randomInt } from 'node:crypto';
import { adminApi, loginThroughApi } from './admin-session.ts';
import { readSmsCode } from './app-session.ts';
import { harness } from './harness.ts';

/** Every test account's password. */
export const TEST_ACCOUNT_PASSWORD = 'account-e2e-password';
const PASSWORD = TEST_ACCOUNT_PASSWORD;

export interface TestAccount {
  readonly id: number;
  readonly name: string;
  readonly email: string;
  /** The confirmed phone on file, +2567XXXXXXXX: the only number its money moves to and from. */
  readonly phone: string;
}

/** A random MTN number, 07XXXXXXXX. */
function newPhone(): string {
  return `0772${String(randomInt(1_000_000)).padStart(6, '0')}`;
}

/**
 * A new account of the role, signed up as a person would (`POST /api/auth/register/`) with its
 * phone confirmed by the code the SMS simulator was asked to send; its email is made from the name,
 * its phone is `phone` (07XXXXXXXX) or a new one. Works on either database the harness runs.
 */
export async function createAccount(
  name: string,
  role: 'borrower' | 'lender',
  { phone }: { phone?: string } = {},
): Promise<TestAccount> {
  const email = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@${role}s.e2e.sente.ug`;
  let local = phone ?? newPhone();
  let response: Response;
  for (let attempt = 1; ; attempt++) {
    response = await fetch(`${harness().baseUrl}/api/auth/register/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ role, name, email, phone_number: local, password: PASSWORD }),
    });
    // A number drawn at random may already be another test's (a run signs up a hundred or more
    // accounts from a million numbers): draw again.
    if (response.status !== 409 || phone !== undefined || attempt >= 5) break;
    const refusal = (await response.clone().json()) as { code?: string };
    if (refusal.code !== 'PHONE_TAKEN') break;
    local = newPhone();
  }
  if (response.status !== 201)
    throw new Error(`sign-up of ${email} answered ${response.status}: ${await response.text()}`);
  const registered = (await response.json()) as { access: string; user: { id: number } };
  const verified = await fetch(`${harness().baseUrl}/api/auth/phone/verify/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${registered.access}` },
    body: JSON.stringify({ code: await readSmsCode(`+256${local.slice(1)}`) }),
  });
  if (!verified.ok) throw new Error(`confirming the phone of ${email} answered ${verified.status}`);
  return { id: registered.user.id, name, email, phone: `+256${local.slice(1)}` };
}

/**
 * The mobile-money simulator declines the next prompt to `phone` (its control route, as an admin):
 * how a test reaches the failure path with an account's own number.
 */
export async function failNextPrompt(phone: string): Promise<void> {
  await adminApi('/api/simulator/momo/outcomes/', {
    method: 'POST',
    body: { phone_number: phone, outcome: 'fail', count: 1 },
  });
}

/** Calls the API signed in as the account; throws on any answer but 2xx. */
export async function callAs<T>(
  account: TestAccount,
  method: string,
  apiPath: string,
  { body, headers = {} }: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<T> {
  const { access } = await loginThroughApi(account.email, PASSWORD);
  const response = await fetch(`${harness().baseUrl}${apiPath}`, {
    method,
    headers: {
      authorization: `Bearer ${access}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok)
    throw new Error(`${method} ${apiPath} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}
