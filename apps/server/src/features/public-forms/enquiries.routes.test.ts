import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let admin: { user: { id: number }; token: string };
let colleague: { user: { id: number }; token: string };

function as(token: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}

async function submitLender(email: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/public/lender-interest/',
    payload: {
      name: 'Daniel Okello',
      email,
      phone_number: '0701234567',
      lender_type: 'company',
      organisation: 'Okello Capital Ltd',
      investment_range: '20m_100m',
    },
  });
  expect(res.statusCode).toBe(201);
}

async function lenderEnquiryId(email: string): Promise<number> {
  const list = await as(admin.token, 'GET', '/api/public/admin/lender-interest/?page_size=100');
  const row = list.json().results.find((r: { email: string }) => r.email === email);
  return row.id;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.userWithToken('admin', { name: 'Opio Grace' });
  colleague = await t.userWithToken('admin', { name: 'Kato Brian' });
  for (const message of ['first', 'second']) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/public/contact/',
      payload: {
        name: 'Grace Nakato',
        email: 'grace@example.ug',
        topic: 'borrowing',
        message: `A ${message} question`,
      },
    });
    expect(res.statusCode).toBe(201);
  }
  await submitLender('daniel@okello-capital.ug');
  await submitLender('taken@example.ug');
});
afterAll(async () => {
  await t.close();
});

describe('the Enquiries inbox', () => {
  it('starts every message NEW, counts the new ones, and filters by status', async () => {
    const counts = await as(admin.token, 'GET', '/api/public/admin/enquiries/counts/');
    expect(counts.json()).toEqual({ contact_messages_new: 2, lender_interest_new: 2, total_new: 4 });
    const list = await as(admin.token, 'GET', '/api/public/admin/contact-messages/?status=NEW');
    expect(list.json().results).toHaveLength(2);
    expect(list.json().results[0]).toMatchObject({ status: 'NEW', assignee: null, notes: null });
    expect((await as(admin.token, 'GET', '/api/public/admin/contact-messages/?status=LOST')).statusCode).toBe(
      400,
    );
  });

  it('sets status, assignee and notes, audits the change, and takes it off the new count', async () => {
    const [message] = (await as(admin.token, 'GET', '/api/public/admin/contact-messages/')).json().results;
    const res = await as(admin.token, 'PATCH', `/api/public/admin/contact-messages/${message.id}/`, {
      status: 'IN_PROGRESS',
      assignee_id: colleague.user.id,
      notes: 'Called back, sending the loan types',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'IN_PROGRESS',
      assignee: { id: colleague.user.id, name: 'Kato Brian' },
      notes: 'Called back, sending the loan types',
    });
    expect((await as(admin.token, 'GET', '/api/public/admin/enquiries/counts/')).json().total_new).toBe(3);
    const audit = await as(admin.token, 'GET', '/api/audit/?action=enquiry.updated');
    expect(audit.json().results[0]).toMatchObject({
      actor: { id: admin.user.id },
      entity_id: `contact:${message.id}`,
      before: { status: 'NEW', assignee_id: null, notes: null },
      after: { status: 'IN_PROGRESS', assignee_id: colleague.user.id },
    });
  });

  it('refuses an assignee who is not an admin, an empty change and an unknown enquiry, changing nothing', async () => {
    const borrower = await t.userWithToken('borrower');
    const [message] = (await as(admin.token, 'GET', '/api/public/admin/contact-messages/')).json().results;
    const notAdmin = await as(admin.token, 'PATCH', `/api/public/admin/contact-messages/${message.id}/`, {
      assignee_id: borrower.user.id,
    });
    expect(notAdmin.statusCode).toBe(400);
    expect(notAdmin.json().details.assignee_id).toEqual(['Enquiries can be assigned to admins only']);
    expect(
      (await as(admin.token, 'PATCH', `/api/public/admin/contact-messages/${message.id}/`, {})).statusCode,
    ).toBe(400);
    expect(
      (await as(admin.token, 'PATCH', '/api/public/admin/lender-interest/999999/', { status: 'CLOSED' }))
        .statusCode,
    ).toBe(404);
    const after = (await as(admin.token, 'GET', '/api/public/admin/contact-messages/')).json().results[0];
    expect(after).toEqual(message);
  });

  it('invites a lender sign-up: an account, a link to set its password, once', async () => {
    const id = await lenderEnquiryId('daniel@okello-capital.ug');
    const res = await as(admin.token, 'POST', `/api/public/admin/lender-interest/${id}/invite/`);
    expect(res.statusCode).toBe(201);
    const invitation = res.json();
    expect(invitation.enquiry).toMatchObject({ status: 'IN_PROGRESS', invited_user_id: invitation.user_id });
    expect(invitation.invitation_url).toMatch(/\/reset-password\?token=/);
    // Seven days to use it.
    expect(Date.parse(invitation.expires_at) - Date.now()).toBeGreaterThan(6.9 * 24 * 3600_000);

    // The person sets a password with the link and signs in as a lender.
    const token = new URL(invitation.invitation_url).searchParams.get('token');
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password/',
      payload: { token, password: 'a-long-lender-password' },
    });
    expect(set.statusCode).toBe(204);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      payload: { email: 'daniel@okello-capital.ug', password: 'a-long-lender-password' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user).toMatchObject({ role: 'lender', email: 'daniel@okello-capital.ug' });

    const again = await as(admin.token, 'POST', `/api/public/admin/lender-interest/${id}/invite/`);
    expect(again.statusCode).toBe(409);
    const audit = (await as(admin.token, 'GET', '/api/audit/?action=enquiry.invited')).json().results;
    expect(audit).toHaveLength(1);
  });

  it('answers 409 when the email already has an account, and creates nothing', async () => {
    await t.services.users.createUser({
      email: 'taken@example.ug',
      password: 'another-long-password',
      name: 'Someone',
      role: 'borrower',
    });
    const id = await lenderEnquiryId('taken@example.ug');
    const res = await as(admin.token, 'POST', `/api/public/admin/lender-interest/${id}/invite/`);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('EMAIL_TAKEN');
    const row = (await as(admin.token, 'GET', '/api/public/admin/lender-interest/?page_size=100'))
      .json()
      .results.find((r: { id: number }) => r.id === id);
    expect(row).toMatchObject({ status: 'NEW', invited_user_id: null });
  });

  it('is for admins only', async () => {
    const borrower = await t.userWithToken('borrower');
    expect((await as(borrower.token, 'GET', '/api/public/admin/enquiries/counts/')).statusCode).toBe(403);
    expect((await as(borrower.token, 'POST', '/api/public/admin/lender-interest/1/invite/')).statusCode).toBe(
      403,
    );
  });
});
