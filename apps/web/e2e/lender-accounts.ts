/**
 * Lenders for the browser tests, made as an operator would: the account with the server's CLI
 * (`user:create`, there is no sign-up API), then KYC and the lender terms through the API as that
 * lender.
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

export interface TestLender {
  readonly id: number;
  readonly name: string;
  readonly email: string;
}

async function asLender(access: string, method: string, apiPath: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${harness().baseUrl}${apiPath}`, {
    method,
    headers: {
      authorization: `Bearer ${access}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok)
    throw new Error(`${method} ${apiPath} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/** A new institution lender; with `isReady` its KYC is complete and the terms accepted. */
export async function createLender(name: string, { isReady }: { isReady: boolean }): Promise<TestLender> {
  const email = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@lenders.e2e.sente.ug`;
  const password = 'lender-e2e-password';
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
      password,
      '--name',
      name,
      '--role',
      'lender',
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
  if (isReady) {
    const { access } = await loginThroughApi(email, password);
    await asLender(access, 'PUT', '/api/auth/kyc/', {
      lender_kind: 'institution',
      registration_number: 'URSB/2020/000123',
      contact_person: 'Grace',
    });
    await asLender(access, 'POST', '/api/lender/terms/accept/');
  }
  return { id, name, email };
}
