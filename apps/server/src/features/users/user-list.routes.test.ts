import { FILTER_COUNT_CAP } from '@sente/contract';
import { count, desc, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, TEST_PASSWORD, type TestApp } from '../../../test/test-app.ts';
import { users } from '../../db/schema/index.ts';
import { listOpenUsers } from './user-list.repo.ts';
import { userSearchPatterns } from './user-search.ts';
import type { UserRow } from './users.repo.ts';

let t: TestApp;
let admin: { user: UserRow; token: string };
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.userWithToken('admin');
});
afterAll(async () => {
  await t.close();
});

function makeUser(
  overrides: {
    name?: string;
    email?: string;
    phoneNumber?: string | null;
    status?: 'Active' | 'Inactive';
  } = {},
): Promise<UserRow> {
  seq++;
  return t.services.users.createUser({
    email: overrides.email ?? `person${seq}-${Date.now()}@test.sente.ug`,
    password: TEST_PASSWORD,
    name: overrides.name ?? `Person ${seq}`,
    role: 'borrower',
    phoneNumber: overrides.phoneNumber ?? null,
    ...(overrides.status ? { status: overrides.status } : {}),
  });
}

function asAdmin(method: 'GET' | 'PATCH' | 'DELETE' | 'POST', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: bearer(admin.token), ...(payload ? { payload } : {}) });
}

function list(query: Record<string, string>) {
  return asAdmin('GET', `/api/auth/admin/users/?${new URLSearchParams(query).toString()}`);
}

const USER_FIELDS = [
  'email',
  'id',
  'name',
  'phone_number',
  'registration_date',
  'role',
  'status',
  'username',
].sort();

describe('GET /api/auth/admin/users/', () => {
  // 23 users sharing a tag, one a day, so the tag search has a known size and order.
  const tagged: UserRow[] = [];
  beforeAll(async () => {
    const start = Date.parse('2024-01-01T08:00:00Z');
    for (let i = 0; i < 23; i++) {
      const user = await makeUser({
        name: `Pagertag Member ${i}`,
        status: i % 3 === 0 ? 'Inactive' : 'Active',
      });
      // Registered one a day: the service registers people now, so the test dates them itself.
      const [dated] = await t.db.database.db
        .update(users)
        .set({ createdAt: new Date(start + i * 86_400_000) })
        .where(eq(users.id, user.id))
        .returning();
      tagged.push(dated ?? user);
    }
  });

  it('answers 10 a page, newest first, with count and links that keep the search', async () => {
    const res = await list({ search: 'pagertag' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(23);
    expect(body.count_capped).toBe(false);
    expect(body.results.map((u: { id: number }) => u.id)).toEqual(
      [...tagged]
        .reverse()
        .slice(0, 10)
        .map((u) => u.id),
    );
    expect(body.previous).toBeNull();
    const next = new URL(body.next);
    expect(next.pathname).toBe('/api/auth/admin/users/');
    expect(Object.fromEntries(next.searchParams)).toEqual({ search: 'pagertag', page: '2' });
  });

  it('answers each user with exactly the list fields', async () => {
    const body = (await list({ search: 'pagertag' })).json();
    for (const user of body.results) expect(Object.keys(user).sort()).toEqual(USER_FIELDS);
    expect(body.results[0]).toMatchObject({ role: 'borrower', phone_number: null });
  });

  it('reads no password hash or search text out of the database for a page, with or without a search', async () => {
    const search = userSearchPatterns('pagertag');
    if (!search) throw new Error('a non-blank search has patterns');
    for (const filter of [{}, { search }]) {
      const { rows } = await listOpenUsers(t.db.database.db, filter, { limit: 10, offset: 0 });
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        expect(Object.keys(row).sort()).toEqual(
          ['createdAt', 'email', 'id', 'name', 'phoneNumber', 'role', 'status', 'username'].sort(),
        );
      }
    }
  });

  it('answers the last, partial page with no next link', async () => {
    const body = (await list({ search: 'pagertag', page: '3' })).json();
    expect(body.results.map((u: { id: number }) => u.id)).toEqual(
      tagged
        .slice(0, 3)
        .reverse()
        .map((u) => u.id),
    );
    expect(body.next).toBeNull();
    expect(new URL(body.previous).searchParams.get('page')).toBe('2');
  });

  it('answers empty results past the end, with previous pointing at the last page', async () => {
    const body = (await list({ search: 'pagertag', page: '9' })).json();
    expect(body).toMatchObject({ count: 23, results: [], next: null });
    expect(new URL(body.previous).searchParams.get('page')).toBe('3');
  });

  it('links page 2 back to page 1 without a page parameter', async () => {
    const body = (await list({ search: 'pagertag', page: '2' })).json();
    expect(Object.fromEntries(new URL(body.previous).searchParams)).toEqual({ search: 'pagertag' });
  });

  it('takes page_size from 1 to 100', async () => {
    expect((await list({ search: 'pagertag', page_size: '1' })).json().results).toHaveLength(1);
    const all = (await list({ search: 'pagertag', page_size: '100' })).json();
    expect(all.results).toHaveLength(23);
    expect(all.next).toBeNull();
  });

  it.each(['0', '101', '-5', 'ten', '2.5'])('answers 400 for page_size=%s', async (pageSize) => {
    const res = await list({ page_size: pageSize });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toHaveProperty('querystring.page_size');
  });

  it.each(['0', '-1', 'abc', '1.5', '', '1e12', '2; drop table users'])(
    'answers 400 for page=%j',
    async (page) => {
      const res = await list({ page });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual(expect.any(String));
    },
  );

  it('filters by status, alone and with a search', async () => {
    const inactive = (await list({ search: 'pagertag', status: 'Inactive', page_size: '100' })).json();
    expect(inactive.count).toBe(8);
    expect(inactive.results.every((u: { status: string }) => u.status === 'Inactive')).toBe(true);
    const active = (await list({ search: 'pagertag', status: 'Active', page_size: '100' })).json();
    expect(active.count).toBe(15);
    const allActive = (await list({ status: 'Active', page_size: '100' })).json();
    expect(allActive.results.every((u: { status: string }) => u.status === 'Active')).toBe(true);
    expect(allActive.count).toBeGreaterThanOrEqual(15);
  });

  it('answers 400 for a status other than Active or Inactive', async () => {
    for (const status of ['active', 'Deleted', "Active' or '1'='1"]) {
      expect((await list({ status })).statusCode).toBe(400);
    }
  });

  it('searches name, email and phone number ignoring case, and finds local phone forms', async () => {
    const person = await makeUser({
      name: 'Kyomuhendo Patience',
      email: 'patience.kyo@farm.example.ug',
      phoneNumber: '0776 001122',
    });
    for (const search of [
      'KYOMUHENDO',
      'patience.KYO@',
      'FARM.example',
      '+256776001122',
      '0776001122',
      '0776 001',
    ]) {
      const ids = (await list({ search })).json().results.map((u: { id: number }) => u.id);
      expect(ids, search).toEqual([person.id]);
    }
    expect((await list({ search: 'Kyomuhendo', status: 'Inactive' })).json().count).toBe(0);
  });

  it('treats hostile search text literally and never fails', async () => {
    const percent = await makeUser({ name: 'Hundred% Traders' });
    const underscore = await makeUser({ email: `under_score${Date.now()}@test.sente.ug` });
    const quote = await makeUser({ name: "O'Brien Okot" });
    const backslash = await makeUser({ name: 'Back\\slash Byaruhanga' });
    const expectations: [string, number[]][] = [
      ['%', [percent.id]],
      ['_', [underscore.id]],
      ["O'Brien", [quote.id]],
      ['\\', [backslash.id]],
      ["'; drop table users; --", []],
      ['" or 1=1 --', []],
      ['%%%%', []],
      ['\u{1F600}', []],
    ];
    for (const [search, ids] of expectations) {
      const res = await list({ search, page_size: '100' });
      expect(res.statusCode, search).toBe(200);
      expect(
        res.json().results.map((u: { id: number }) => u.id),
        search,
      ).toEqual(ids);
    }
    const [row] = await t.services.db.select({ n: count() }).from(users);
    expect(row?.n).toBeGreaterThan(25);
  });

  it('finds names with letters outside ASCII', async () => {
    const person = await makeUser({ name: 'Nakâto Zawadi Ñambi' });
    for (const search of ['Nakâto', 'nakâto', 'Ñambi', 'âto Zaw']) {
      const ids = (await list({ search })).json().results.map((u: { id: number }) => u.id);
      expect(ids, search).toEqual([person.id]);
    }
  });

  it('answers 400 for a search with a NUL character or longer than 100 characters', async () => {
    expect((await list({ search: 'a\u0000b' })).statusCode).toBe(400);
    expect((await list({ search: 'x'.repeat(101) })).statusCode).toBe(400);
  });

  it('matches everyone for a blank search', async () => {
    const blank = (await list({ search: '   ' })).json();
    const none = (await list({})).json();
    expect(blank.count).toBe(none.count);
  });
});

describe('GET /api/auth/admin/users/ with a search matching more than the cap', () => {
  // One more than the cap matches by name and by a number's start, one a minute from this start.
  const over = FILTER_COUNT_CAP + 3;
  const start = Date.parse('2024-06-01T08:00:00Z');
  let newest: number[] = [];
  beforeAll(async () => {
    await t.db.database.db.execute(sql`
      insert into users (name, email, username, phone_number, role, password_hash, created_at)
      select 'Capsearch Person ' || n, 'capsearch' || n || '@test.sente.ug', 'capsearch' || n,
             '+256709' || lpad(n::text, 6, '0'), 'borrower', 'not-a-hash',
             ${new Date(start).toISOString()}::timestamptz + n * interval '1 minute'
      from generate_series(1, ${over}) as n`);
    const rows = await t.db.database.db
      .select({ id: users.id })
      .from(users)
      .where(like(users.email, 'capsearch%@test.sente.ug'))
      .orderBy(desc(users.createdAt));
    newest = rows.map((row) => row.id);
  });

  it('counts and pages the first 1,000 matches, newest first, and says the count is capped', async () => {
    const first = (await list({ search: 'capsearch' })).json();
    expect(first).toMatchObject({ count: FILTER_COUNT_CAP, count_capped: true });
    expect(first.results.map((u: { id: number }) => u.id)).toEqual(newest.slice(0, 10));

    const last = (await list({ search: 'capsearch', page: '100' })).json();
    expect(last.results.map((u: { id: number }) => u.id)).toEqual(newest.slice(990, 1000));
    expect(last.next).toBeNull();

    const beyond = (await list({ search: 'capsearch', page: '101' })).json();
    expect(beyond).toMatchObject({
      count: FILTER_COUNT_CAP,
      count_capped: true,
      results: [],
      next: null,
    });
  });

  it('caps a number typed from its start the same way', async () => {
    const body = (await list({ search: '0709 00' })).json();
    expect(body).toMatchObject({ count: FILTER_COUNT_CAP, count_capped: true });
    expect(body.results.map((u: { id: number }) => u.id)).toEqual(newest.slice(0, 10));
  });

  it('adds the text matches whose number starts otherwise to a number’s count under the cap', async () => {
    // +256709001000 to +256709001003 start so; an email holds the digits too.
    const other = await makeUser({
      email: `pay0709001-${Date.now()}@test.sente.ug`,
      phoneNumber: '0772 555000',
    });
    const body = (await list({ search: '0709001' })).json();
    expect(body).toMatchObject({ count: 5, count_capped: false });
    expect(body.results.map((u: { id: number }) => u.id)).toEqual([other.id, ...newest.slice(0, 4)]);
  });

  it('counts a narrower search exactly again', async () => {
    const body = (await list({ search: 'capsearch person 100' })).json();
    // 100 and 1000 to 1003: five matches.
    expect(body).toMatchObject({ count: 5, count_capped: false });
  });

  it('never caps the list without a search', async () => {
    const body = (await list({})).json();
    expect(body.count).toBeGreaterThan(FILTER_COUNT_CAP);
    expect(body.count_capped).toBe(false);
    expect(body.count).toBe((await asAdmin('GET', '/api/auth/admin/stats/')).json().total_users);
  });
});

describe('GET /api/auth/admin/stats/', () => {
  it('counts open accounts by status, and a closed account leaves the counts', async () => {
    const before = (await asAdmin('GET', '/api/auth/admin/stats/')).json();
    expect(before.total_users).toBe(before.active_users + before.inactive_users);
    expect(before.total_users).toBe((await list({})).json().count);

    const a = await makeUser();
    await makeUser({ status: 'Inactive' });
    const mid = (await asAdmin('GET', '/api/auth/admin/stats/')).json();
    expect(mid).toEqual({
      total_users: before.total_users + 2,
      active_users: before.active_users + 1,
      inactive_users: before.inactive_users + 1,
    });

    await asAdmin('DELETE', `/api/auth/admin/users/${a.id}/`);
    const after = (await asAdmin('GET', '/api/auth/admin/stats/')).json();
    expect(after).toEqual({ ...mid, total_users: mid.total_users - 1, active_users: mid.active_users - 1 });
  });
});
