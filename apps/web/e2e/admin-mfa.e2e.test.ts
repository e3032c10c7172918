import { createHmac } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, launchBrowser, openPage, signInAsAdmin } from './harness.ts';

/** RFC 6238 written out here, so the browser test checks the server against an independent TOTP. */
function totp(base32: string, at: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of base32.replace(/=+$/, '')) bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((b) => Number.parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

let browser: Browser;
let recoveryCodes: string[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  // The harness admin is shared with the other browser tests: turn two-factor sign-in off again.
  if (recoveryCodes.length >= 2)
    await turnOffWithRecoveryCodes(recoveryCodes[0] ?? '', recoveryCodes[1] ?? '');
});

async function postJson(path: string, body: unknown, token?: string) {
  const response = await fetch(`${harness().baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function turnOffWithRecoveryCodes(signInCode: string, offCode: string) {
  const { adminEmail, adminPassword } = harness();
  const challenge = await postJson('/api/auth/login/', { email: adminEmail, password: adminPassword });
  const signedIn = await postJson('/api/auth/login/mfa/', {
    mfa_token: challenge.body.mfa_token,
    code: signInCode,
  });
  expect(signedIn.status).toBe(200);
  const off = await postJson('/api/auth/mfa/disable/', { code: offCode }, String(signedIn.body.access));
  expect(off.status).toBe(200);
}

describe('admin two-factor sign-in', () => {
  it('sets up an authenticator from the back-office, then asks for the Authentication code at the next sign-in', async () => {
    const { page, problems, close } = await openPage(browser);
    await signInAsAdmin(page);
    await page.getByRole('link', { name: 'Two-factor sign-in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Security' }).waitFor();
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    const secret = ((await page.getByTestId('mfa-secret').textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.getByLabel('Authentication code').fill(totp(secret, Date.now()));
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    const list = page.getByRole('list', { name: 'Recovery codes' });
    await list.waitFor();
    recoveryCodes = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
    expect(recoveryCodes).toHaveLength(10);
    await page.getByText('Two-factor sign-in is on. 10 recovery codes left.').waitFor();

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    await page.getByLabel('Email').fill(harness().adminEmail);
    await page.getByLabel('Password').fill(harness().adminPassword);
    await page.getByRole('button', { name: 'Login' }).click();
    const codeField = page.getByLabel('Authentication code');
    await codeField.waitFor();
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();

    await codeField.fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    expect(await page.getByRole('alert').textContent()).toBe('Invalid authentication code');
    // The next step's code: the current one was spent turning it on.
    await codeField.fill(totp(secret, Date.now() + 30_000));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).not.toBeNull();
    expect(problems).toEqual([]);
    await close();
  });
});
