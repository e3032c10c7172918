import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  // The production default: five submissions a minute per address.
  t = await createTestApp({ config: { publicFormRateLimitPerMinute: 5 } });
  adminToken = (await t.userWithToken('admin')).token;
});
afterAll(async () => {
  await t.close();
});

// Each test speaks from its own address, so the per-address rate limit of one test never leaks into another.
let address = 0;
function nextAddress(): string {
  address++;
  return `10.0.0.${address}`;
}

const contact = {
  name: 'Grace Nakato',
  email: 'Grace.Nakato@example.ug',
  phone_number: '0772 123 456',
  topic: 'borrowing',
  message: 'I run a hardware shop in Ntinda and would like to know about working capital loans.',
};

const lender = {
  name: 'Daniel Okello',
  email: 'daniel@okello-capital.ug',
  phone_number: '256701234567',
  lender_type: 'company',
  organisation: 'Okello Capital Ltd',
  investment_range: '20m_100m',
  message: 'We would like to fund retail businesses in Gulu.',
};

function post(url: string, payload: object, remoteAddress = nextAddress()) {
  return t.app.inject({ method: 'POST', url, payload, remoteAddress });
}

describe('POST /api/public/contact/', () => {
  it('stores the message with a normalised phone number and lower-cased email', async () => {
    const res = await post('/api/public/contact/', contact);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toMatch(/received your message/);

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/public/admin/contact-messages/',
      headers: bearer(adminToken),
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().results[0]).toMatchObject({
      name: 'Grace Nakato',
      email: 'grace.nakato@example.ug',
      phone_number: '+256772123456',
      topic: 'borrowing',
    });
  });

  it('answers 400 with a message per field for a bad email, phone, topic and short message', async () => {
    const res = await post('/api/public/contact/', {
      name: 'G',
      email: 'not-an-email',
      phone_number: '12345',
      topic: 'loans',
      message: 'Hi',
    });
    expect(res.statusCode).toBe(400);
    const details = res.json().details;
    expect(Object.keys(details).sort()).toEqual(['email', 'message', 'name', 'phone_number', 'topic']);
    expect(details.email).toContain('Enter a valid email address like name@example.com');
    expect(details.phone_number).toContain('Enter a Ugandan mobile number like 0772 123 456');
  });

  it('accepts a filled spam trap with the usual answer and stores nothing', async () => {
    const before = await t.services.enquiries.listContactMessages({ page: 1, pageSize: 100 });
    const res = await post('/api/public/contact/', { ...contact, website: 'https://spam.example' });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toMatch(/received your message/);
    const after = await t.services.enquiries.listContactMessages({ page: 1, pageSize: 100 });
    expect(after.total).toBe(before.total);
  });

  it('answers 429 after five submissions in a minute from one address', async () => {
    const from = nextAddress();
    for (let i = 0; i < 5; i++)
      expect((await post('/api/public/contact/', contact, from)).statusCode).toBe(201);
    const res = await post('/api/public/contact/', contact, from);
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toMatch(/too many requests/i);
  });
});

describe('POST /api/public/lender-interest/', () => {
  it('stores the lender with a normalised phone number', async () => {
    const res = await post('/api/public/lender-interest/', lender);
    expect(res.statusCode).toBe(201);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/public/admin/lender-interest/',
      headers: bearer(adminToken),
    });
    expect(list.json()).toMatchObject({ count: 1, next: null, previous: null });
    expect(list.json().results[0]).toMatchObject({
      phone_number: '+256701234567',
      lender_type: 'company',
      investment_range: '20m_100m',
      organisation: 'Okello Capital Ltd',
    });
  });

  it('answers 400 when the phone number and investment range are missing', async () => {
    const res = await post('/api/public/lender-interest/', {
      ...lender,
      phone_number: undefined,
      investment_range: 'lots',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().details).sort()).toEqual(['investment_range', 'phone_number']);
  });

  it('accepts a filled spam trap and stores nothing', async () => {
    const before = await t.services.enquiries.listLenderInterest({ page: 1, pageSize: 100 });
    const res = await post('/api/public/lender-interest/', { ...lender, website: 'buy now' });
    expect(res.statusCode).toBe(201);
    const after = await t.services.enquiries.listLenderInterest({ page: 1, pageSize: 100 });
    expect(after.total).toBe(before.total);
  });
});

describe('GET /api/public/admin/contact-messages/', () => {
  it('pages newest first with DRF-style next and previous links', async () => {
    for (let i = 0; i < 3; i++) {
      await t.services.publicForms.submitContactMessage({
        name: `Sender ${i}`,
        email: `sender${i}@example.ug`,
        topic: 'other',
        message: `Message number ${i} about loans`,
      });
    }
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/public/admin/contact-messages/?page=2&page_size=2',
      headers: bearer(adminToken),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBeGreaterThanOrEqual(4);
    expect(body.previous).toBe('http://localhost/api/public/admin/contact-messages/?page_size=2');
    expect(body.results).toHaveLength(2);
  });

  it('answers an empty page past the end', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/public/admin/contact-messages/?page=999',
      headers: bearer(adminToken),
    });
    expect(res.json().results).toEqual([]);
    expect(res.json().next).toBeNull();
  });

  it('answers 403 for a borrower and 401 without a token', async () => {
    const { token } = await t.userWithToken('borrower');
    const forbidden = await t.app.inject({
      method: 'GET',
      url: '/api/public/admin/lender-interest/',
      headers: bearer(token),
    });
    expect(forbidden.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/public/admin/contact-messages/' });
    expect(anonymous.statusCode).toBe(401);
  });
});
