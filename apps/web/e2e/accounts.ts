/**
 * Accounts for the browser tests, made as an operator would: the account with the server's CLI
 * (`user:create`, there is no sign-up API), then whatever the account does next through the API,
 * signed in as itself.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { loginThroughApi } from './admin-session.ts';
import { harness } from './harness.ts';

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const cliMain = path.join(repoRoot, 'apps/server/src/cli/main.ts');
/** Every test account's password. */
export const TEST_ACCOUNT_PASSWORD = 'account-e2e-password';
const PASSWORD = TEST_ACCOUNT_PASSWORD;

export interface TestAccount {
  readonly id: number;
  readonly name: string;
  readonly email: string;
}

/** A new account of the role, its email made from the name; `phone` (07XXXXXXXX) when given. */
export async function createAccount(
  name: string,
  role: 'borrower' | 'lender',
  { phone }: { phone?: string } = {},
): Promise<TestAccount> {
  const email = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@${role}s.e2e.sente.ug`;
  const { stdout } = await run(
    process.execPath,
    [
      '--import',
      'tsx',
      cliMain,
      'user:create',
      '--email',
      email,
      '--password',
      PASSWORD,
      '--name',
      name,
      '--role',
      role,
      ...(phone ? ['--phone', phone] : []),
    ],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        DATABASE_URL: harness().databaseUrl,
        // The CLI signs no tokens, but the config asks for a secret whenever PostgreSQL is used.
        JWT_SECRET: randomBytes(36).toString('base64url'),
        LOG_LEVEL: 'warn',
      },
    },
  );
  const id = Number(/\(id (\d+),/.exec(stdout)?.[1]);
  if (!Number.isSafeInteger(id)) throw new Error(`user:create did not say the new id: ${stdout}`);
  return { id, name, email };
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
