import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationForm } from '../../../test/lending-factories.ts';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { fixedClock } from '../../clock.ts';

const clock = fixedClock(new Date('2026-11-23T09:00:00Z'));
let t: TestApp;
let adminId: number;
let loanTypeId: number;
let phoneSeq = 1_000_000;

beforeAll(async () => {
  t = await createTestApp({ clock });
  adminId = (await t.userWithToken('admin')).user.id;
  loanTypeId = (
    await t.services.loanTypes.create({
      loan_type_name: 'Working Capital Loans',
      min_amount: 300_000,
      max_amount: 3_000_000,
      interest_rate: 280,
      interest_type: 'FLAT',
      appraisal_time: '24 hours',
      status: 'ACTIVE',
    })
  ).id;
});
afterAll(async () => {
  await t.close();
});

function nextPhone() {
  phoneSeq++;
  return `0772${String(phoneSeq).slice(-6)}`;
}

function signUp(overrides: Record<string, unknown> = {}) {
  const phone = nextPhone();
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/register/',
    payload: {
      role: 'borrower',
      name: 'Nakato Sarah',
      email: `nakato${phoneSeq}@example.ug`,
      phone_number: phone,
      password: 'a-long-secret-1',
      ...overrides,
    },
  });
}

/** A fresh admin token: the tests move the clock past an access token's lifetime. */
const adminToken = () => t.services.accessTokens.sign({ userId: adminId, role: 'admin' }, clock.now());

function call(token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}

/** The code the SMS simulator was asked to send last to `to`, read as an admin would. */
async function lastCode(to: string): Promise<string> {
  const page = (
    await call(await adminToken(), 'GET', `/api/simulator/sms/?to=${encodeURIComponent(to)}`)
  ).json();
  const match = /code is (\d{6})/.exec(page.results[0]?.text ?? '');
  if (!match?.[1]) throw new Error(`no code was sent to ${to}`);
  return match[1];
}

const wrongCodeFor = (code: string) => (code === '000000' ? '111111' : '000000');

const applicationBody = () => applicationForm(loanTypeId);

describe('POST /api/auth/register/', () => {
  it('creates a borrower, signs them in and texts a 6-digit code to the phone, which they confirm', async () => {
    const res = await signUp();
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.user).toMatchObject({ role: 'borrower', phone_verified: false, status: 'Active' });
    expect(body.user.phone_number).toMatch(/^\+2567\d{8}$/);
    expect(body.phone_code).toMatchObject({ phone_number: body.user.phone_number, tries_left: 5 });
    expect(Date.parse(body.phone_code.expires_at) - clock.now().getTime()).toBe(10 * 60_000);
    const sms = (
      await call(
        await adminToken(),
        'GET',
        `/api/simulator/sms/?to=${encodeURIComponent(body.user.phone_number)}`,
      )
    ).json();
    expect(sms.count).toBe(1);
    expect(sms.results[0].text.length).toBeLessThanOrEqual(160);
    expect(sms.results[0].text).toMatch(/^Sente: your code is \d{6}\./);

    // Until the phone is confirmed the borrower may not apply.
    const early = await call(body.access, 'POST', '/api/loans/applications/', applicationBody());
    expect(early.statusCode).toBe(403);
    expect(early.json().code).toBe('PHONE_NOT_CONFIRMED');

    const ok = await call(body.access, 'POST', '/api/auth/phone/verify/', {
      code: await lastCode(body.user.phone_number),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ id: body.user.id, phone_verified: true });
    expect((await call(body.access, 'GET', '/api/auth/me/')).json().phone_verified).toBe(true);
    const applied = await call(body.access, 'POST', '/api/loans/applications/', applicationBody());
    expect(applied.statusCode).toBe(201);
    // The code is spent: no code waits any more, and the refresh token works like an admin's.
    expect((await call(body.access, 'GET', '/api/auth/phone/')).statusCode).toBe(404);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/token/refresh/',
      payload: { refresh: body.refresh },
    });
    expect(refreshed.statusCode).toBe(200);
  });

  it('signs up a lender whose status lists the phone first among what is missing', async () => {
    const res = await signUp({ role: 'lender', name: 'Okello Brian' });
    expect(res.statusCode).toBe(201);
    const status = (await call(res.json().access, 'GET', '/api/lender/status/')).json();
    expect(status.missing[0]).toBe('Confirm your phone number with the code we sent by SMS');
    expect(status.verified).toBe(false);
  });

  it.each([
    ['an admin role', { role: 'admin' }, 'role'],
    ['no phone', { phone_number: '' }, 'phone_number'],
    ['a foreign phone', { phone_number: '+254712345678' }, 'phone_number'],
    ['a short password', { password: 'short' }, 'password'],
    ['a common password', { password: 'password1234' }, 'password'],
    ['a bad email', { email: 'not-an-email' }, 'email'],
    ['no name', { name: '   ' }, 'name'],
  ])('refuses %s with a 400 naming the field, and creates nobody', async (_label, overrides, field) => {
    const before = (await call(await adminToken(), 'GET', '/api/auth/admin/stats/')).json().total_users;
    const res = await signUp(overrides);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().details ?? {})).toContain(field);
    expect((await call(await adminToken(), 'GET', '/api/auth/admin/stats/')).json().total_users).toBe(before);
  });

  it('refuses an email or a phone number that already has an account (409)', async () => {
    const first = (await signUp()).json();
    const sameEmail = await signUp({ email: first.user.email });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().code).toBe('EMAIL_TAKEN');
    const samePhone = await signUp({ phone_number: first.user.phone_number });
    expect(samePhone.statusCode).toBe(409);
    expect(samePhone.json().code).toBe('PHONE_TAKEN');
  });
});

describe('confirming the phone', () => {
  it('counts wrong codes, stops after 5 tries even for the right code, and a new code starts over', async () => {
    const { access, user } = (await signUp()).json();
    const code = await lastCode(user.phone_number);
    for (let left = 4; left >= 0; left--) {
      const res = await call(access, 'POST', '/api/auth/phone/verify/', { code: wrongCodeFor(code) });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('WRONG_CODE');
      expect((await call(access, 'GET', '/api/auth/phone/')).json().tries_left).toBe(left);
    }
    const locked = await call(access, 'POST', '/api/auth/phone/verify/', { code });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('TOO_MANY_TRIES');

    clock.advance(61_000);
    const resent = await call(access, 'POST', '/api/auth/phone/resend/');
    expect(resent.statusCode).toBe(200);
    expect(resent.json().tries_left).toBe(5);
    const fresh = await lastCode(user.phone_number);
    const ok = await call(access, 'POST', '/api/auth/phone/verify/', { code: fresh });
    expect(ok.statusCode).toBe(200);
    const again = await call(access, 'POST', '/api/auth/phone/verify/', { code: fresh });
    expect(again.statusCode).toBe(409);
  });

  it('refuses an expired code, and a resend within a minute or beyond five an hour (429)', async () => {
    const { access, user } = (await signUp()).json();
    const code = await lastCode(user.phone_number);
    const soon = await call(access, 'POST', '/api/auth/phone/resend/');
    expect(soon.statusCode).toBe(429);
    expect(soon.json().code).toBe('CODE_SENT_RECENTLY');
    // The wait the message names, as the header a client (or a proxy) can act on.
    const wait = Number(/in (\d+) seconds/.exec(soon.json().error)?.[1]);
    expect(wait).toBeGreaterThan(0);
    expect(soon.headers['retry-after']).toBe(String(wait));

    clock.advance(10 * 60_000);
    const expired = await call(access, 'POST', '/api/auth/phone/verify/', { code });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().code).toBe('CODE_EXPIRED');

    // Four more sends fit in the hour that began with the first; the sixth waits for the hour's end.
    for (let n = 2; n <= 5; n++) {
      const res = await call(access, 'POST', '/api/auth/phone/resend/');
      expect(res.statusCode).toBe(200);
      clock.advance(61_000);
    }
    const sixth = await call(access, 'POST', '/api/auth/phone/resend/');
    expect(sixth.statusCode).toBe(429);
    const sms = (
      await call(await adminToken(), 'GET', `/api/simulator/sms/?to=${encodeURIComponent(user.phone_number)}`)
    ).json();
    expect(sms.count).toBe(5);
  });

  it('refuses a malformed code with a 400 and costs no try', async () => {
    const { access } = (await signUp()).json();
    const res = await call(access, 'POST', '/api/auth/phone/verify/', { code: '12ab' });
    expect(res.statusCode).toBe(400);
    expect((await call(access, 'GET', '/api/auth/phone/')).json().tries_left).toBe(5);
  });

  it('leaves admin-made accounts confirmed: they never need a code', async () => {
    const { token } = await t.userWithToken('borrower');
    const me = (await call(token, 'GET', '/api/auth/me/')).json();
    expect((await call(token, 'GET', '/api/auth/phone/')).statusCode).toBe(404);
    expect((await call(token, 'POST', '/api/auth/phone/resend/')).statusCode).toBe(409);
    expect(me.phone_verified).toBe(true);
    const bare = await t.userWithToken('borrower', { phoneNumber: null });
    expect((await call(bare.token, 'GET', '/api/auth/me/')).json().phone_verified).toBe(false); // no number on file at all
  });
});

describe('GET /api/simulator/sms/', () => {
  it('is for admins only', async () => {
    const { token } = await t.userWithToken('borrower');
    expect((await call(token, 'GET', '/api/simulator/sms/')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/simulator/sms/' })).statusCode).toBe(401);
  });
});

describe('GET /api/auth/me/data/', () => {
  it("gives the user their own account, KYC and applications as a JSON download, without secrets or anyone else's rows", async () => {
    const { access, user } = (await signUp()).json();
    await call(access, 'POST', '/api/auth/phone/verify/', { code: await lastCode(user.phone_number) });
    await call(access, 'PUT', '/api/auth/kyc/', {
      date_of_birth: '1990-04-02',
      gender: 'Female',
      address: 'Plot 4, Ntinda, Kampala',
    });
    await call(access, 'POST', '/api/loans/applications/', applicationBody());
    const other = (await signUp()).json();

    const res = await call(access, 'GET', '/api/auth/me/data/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="sente-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = res.json();
    expect(data.account).toMatchObject({ id: user.id, email: user.email, phone_number: user.phone_number });
    expect(data.kyc).toMatchObject({ date_of_birth: '1990-04-02', address: 'Plot 4, Ntinda, Kampala' });
    expect(data.applications).toHaveLength(1);
    expect(data.applications[0]).toMatchObject({ business_name: 'Nakato Fresh Produce', status: 'PENDING' });
    expect(data.lender).toBeNull();
    const text = res.body;
    expect(text).not.toContain('password');
    expect(text).not.toContain('credit_score');
    expect(text).not.toContain(other.user.email);
  });
});
