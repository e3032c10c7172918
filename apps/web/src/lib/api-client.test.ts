import { IdParams, route, routes } from '@sente/contract';
import { routes as addresses } from '@sente/contract/routes';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  adminUser,
  createFakeFetch,
  delay,
  json,
  type RecordedCall,
  storeSession,
} from '../test/fake-api.ts';
import { ApiRequestError, createApiClient } from './api-client.ts';

/** What /api/auth/me/ answers: the user with where the phone confirmation stands. */
const me = { ...adminUser, phone_verified: true };

/** A server whose valid access token is `fresh-access` once `refresh-1` has been traded in. */
function tokenServer(options: { refuseRefresh?: boolean } = {}) {
  return (call: RecordedCall) => {
    if (call.url === '/api/token/refresh/') {
      return delay(10).then(() =>
        !options.refuseRefresh && JSON.stringify(call.body) === JSON.stringify({ refresh: 'refresh-1' })
          ? json(200, { access: 'fresh-access', refresh: 'refresh-2' })
          : json(401, { error: 'Invalid or expired refresh token' }),
      );
    }
    if (call.authorization !== 'Bearer fresh-access') return json(401, { error: 'Token expired' });
    return json(200, me);
  };
}

const refreshCalls = (calls: readonly RecordedCall[]) => calls.filter((c) => c.url === '/api/token/refresh/');

describe('api client', () => {
  it('refreshes once and retries with the new token when a call answers 401', async () => {
    storeSession('stale-access', 'refresh-1');
    const { fetch, calls } = createFakeFetch(tokenServer());
    const { api } = createApiClient({ fetch });

    await expect(api(routes.me)).resolves.toEqual(me);

    expect(calls.map((c) => [c.url, c.authorization])).toEqual([
      ['/api/auth/me/', 'Bearer stale-access'],
      ['/api/token/refresh/', null],
      ['/api/auth/me/', 'Bearer fresh-access'],
    ]);
    expect(localStorage.getItem('accessToken')).toBe('fresh-access');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-2');
  });

  it('sends exactly one refresh for three calls that meet a 401 together', async () => {
    storeSession('stale-access', 'refresh-1');
    const { fetch, calls } = createFakeFetch(tokenServer());
    const { api } = createApiClient({ fetch });

    const answers = await Promise.all([api(routes.me), api(routes.me), api(routes.me)]);

    expect(answers).toEqual([me, me, me]);
    expect(refreshCalls(calls)).toHaveLength(1);
    expect(calls.filter((c) => c.authorization === 'Bearer fresh-access')).toHaveLength(3);
  });

  it('uses a token refreshed meanwhile instead of refreshing again', async () => {
    storeSession('stale-access', 'refresh-1');
    const { fetch, calls } = createFakeFetch(tokenServer());
    const { api } = createApiClient({ fetch });
    await api(routes.me);

    // A call that left with the stale token before the refresh finished must not rotate again.
    localStorage.setItem('accessToken', 'stale-access');
    const slow = api(routes.me);
    localStorage.setItem('accessToken', 'fresh-access');
    await expect(slow).resolves.toEqual(me);
    expect(refreshCalls(calls)).toHaveLength(1);
  });

  it('clears the stored session and goes to /login once when the refresh is refused', async () => {
    storeSession('stale-access', 'refresh-1');
    const { fetch, calls } = createFakeFetch(tokenServer({ refuseRefresh: true }));
    const onSessionExpired = vi.fn();
    const { api } = createApiClient({ fetch, onSessionExpired });

    const results = await Promise.allSettled([api(routes.me), api(routes.me)]);

    for (const result of results) {
      expect(result.status).toBe('rejected');
      if (result.status === 'rejected') expect(result.reason).toMatchObject({ status: 401 });
    }
    expect(refreshCalls(calls)).toHaveLength(1);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('navigates to /login by default when the session ends', async () => {
    storeSession('stale-access', 'refresh-1');
    const { fetch } = createFakeFetch(tokenServer({ refuseRefresh: true }));
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    try {
      const { api } = createApiClient({ fetch });
      await expect(api(routes.me)).rejects.toBeInstanceOf(ApiRequestError);
      expect(assign).toHaveBeenCalledWith('/login');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('refreshes at most once per call, even when the retry answers 401 again', async () => {
    storeSession('stale-access', 'refresh-1');
    const { fetch, calls } = createFakeFetch((call) =>
      call.url === '/api/token/refresh/'
        ? json(200, { access: 'fresh-access', refresh: 'refresh-2' })
        : json(401, { error: 'Account is inactive' }),
    );
    const { api } = createApiClient({ fetch });

    await expect(api(routes.me)).rejects.toMatchObject({ status: 401, message: 'Account is inactive' });
    expect(calls).toHaveLength(3);
  });

  it('keeps the session when the refresh fails for want of a network', async () => {
    storeSession('stale-access', 'refresh-1');
    const { fetch } = createFakeFetch((call) => {
      if (call.url === '/api/token/refresh/') throw new TypeError('Failed to fetch');
      return json(401, { error: 'Token expired' });
    });
    const onSessionExpired = vi.fn();
    const { api } = createApiClient({ fetch, onSessionExpired });

    await expect(api(routes.me)).rejects.toMatchObject({ status: 0 });
    expect(onSessionExpired).not.toHaveBeenCalled();
    expect(localStorage.getItem('refreshToken')).toBe('refresh-1');
  });

  it("surfaces the server's error and details, and never refreshes for a failed login", async () => {
    const { fetch, calls } = createFakeFetch(() =>
      json(401, { error: 'Invalid email or password', details: { email: ['Unknown'] } }),
    );
    const { api } = createApiClient({ fetch });

    const error = await api(routes.login, { body: { email: 'a@b.ug', password: 'x' } }).catch(
      (e: unknown) => e,
    );

    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 401, message: 'Invalid email or password' });
    expect(error instanceof ApiRequestError && error.details).toEqual({ email: ['Unknown'] });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      authorization: null,
      body: { email: 'a@b.ug', password: 'x' },
    });
  });

  it('reports a network failure as status 0 with no server body', async () => {
    storeSession('fresh-access', 'refresh-1');
    const { fetch } = createFakeFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const { api } = createApiClient({ fetch });

    await expect(api(routes.me)).rejects.toMatchObject({
      status: 0,
      body: null,
      message: 'Network error. Please check your connection.',
    });
  });

  it('fills path params, serialises the query and sends the access token', async () => {
    storeSession('fresh-access', 'refresh-1');
    const thing = route({
      method: 'GET',
      path: '/api/things/:id/',
      auth: 'admin',
      summary: 'test route',
      tags: ['test'],
      params: IdParams,
      query: z.object({ search: z.string().optional(), page: z.number().optional() }),
      responses: { 200: z.object({ id: z.number() }) },
    });
    const { fetch, calls } = createFakeFetch(() => json(200, { id: 7 }));
    const { api } = createApiClient({ fetch });

    await expect(
      api(thing, { params: { id: 7 }, query: { search: 'mama & sons', page: 2 } }),
    ).resolves.toEqual({
      id: 7,
    });
    expect(calls[0]).toMatchObject({
      url: '/api/things/7/?search=mama+%26+sons&page=2',
      authorization: 'Bearer fresh-access',
    });
  });

  it('answers null for 204 No Content', async () => {
    const { fetch } = createFakeFetch(() => new Response(null, { status: 204 }));
    const { api } = createApiClient({ fetch });
    await expect(api(routes.logout, { body: { refresh: 'refresh-1' } })).resolves.toBeNull();
  });

  it('refuses an empty or non-JSON 2xx answer in every build (the dashboard calls it "returned empty")', async () => {
    storeSession('fresh-access', 'refresh-1');
    for (const answer of ['', '<html>Gateway</html>']) {
      const { fetch } = createFakeFetch(() => new Response(answer, { status: 200 }));
      const { api } = createApiClient({ fetch });
      await expect(api(addresses.me)).rejects.toMatchObject({
        status: 200,
        body: null,
        message: 'The server sent an answer this app cannot read.',
      });
    }
  });

  it('checks an answer against the contract in tests, also when the route is named by its address', async () => {
    storeSession('fresh-access', 'refresh-1');
    const { fetch } = createFakeFetch(() => json(200, { ...me, role: 'owner' }));
    const { api } = createApiClient({ fetch });

    await expect(api(addresses.me)).rejects.toMatchObject({
      status: 200,
      message: 'The server sent an answer this app does not understand.',
    });
  });

  it('answers the body as the server sent it once it matches the contract', async () => {
    storeSession('fresh-access', 'refresh-1');
    const { fetch, calls } = createFakeFetch(() => json(200, me));
    const { api } = createApiClient({ fetch });

    await expect(api(addresses.me)).resolves.toEqual(me);
    expect(calls[0]).toMatchObject({
      method: 'GET',
      url: '/api/auth/me/',
      authorization: 'Bearer fresh-access',
    });
  });

  it('reads a refusal whose body is not an API error as no body, with the status in the message', async () => {
    const { fetch } = createFakeFetch(() =>
      json(502, { error: 'Bad gateway', details: { email: 'not a list' } }),
    );
    const { api } = createApiClient({ fetch });

    await expect(api(addresses.login, { body: { email: 'a@b.ug', password: 'x' } })).rejects.toMatchObject({
      status: 502,
      body: null,
      message: 'Request failed with status 502',
    });
  });

  it('ends the session when the refresh answers 200 without a token pair', async () => {
    storeSession('stale-access', 'refresh-1');
    const onSessionExpired = vi.fn();
    const { fetch } = createFakeFetch((call) =>
      call.url === '/api/token/refresh/'
        ? json(200, { access: 'fresh-access' })
        : json(401, { error: 'Token expired' }),
    );
    const { api } = createApiClient({ fetch, onSessionExpired });

    await expect(api(addresses.me)).rejects.toMatchObject({ status: 401 });
    expect(onSessionExpired).toHaveBeenCalledOnce();
    expect(localStorage.getItem('refreshToken')).toBeNull();
  });
});
