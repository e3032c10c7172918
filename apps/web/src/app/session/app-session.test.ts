import { routes } from '@sente/contract/routes';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../lib/api-client.ts';
import { readSession } from '../../lib/session.ts';
import { adminUser, createFakeFetch, json, storeSession } from '../../test/fake-api.ts';
import { appTokenStore } from './app-api.ts';
import { readAppSession, saveAppSession } from './app-session.ts';

const borrower = { ...adminUser, id: 9, role: 'borrower' as const, phone_verified: true };

describe('the app session', () => {
  it('is kept apart from the back-office session: refreshing and ending it leave the admin signed in', async () => {
    storeSession('admin-access', 'admin-refresh');
    saveAppSession({ access: 'app-stale', refresh: 'app-refresh-1', user: borrower });
    const { fetch, calls } = createFakeFetch((call) => {
      if (call.url === '/api/token/refresh/') return json(401, { error: 'Invalid or expired refresh token' });
      return json(401, { error: 'Token expired' });
    });
    let expired = 0;
    const { api } = createApiClient({ fetch, tokens: appTokenStore, onSessionExpired: () => (expired += 1) });

    await expect(api(routes.me)).rejects.toMatchObject({ status: 401 });

    expect(calls.map((call) => [call.url, call.authorization, call.body])).toEqual([
      ['/api/auth/me/', 'Bearer app-stale', null],
      ['/api/token/refresh/', null, { refresh: 'app-refresh-1' }],
    ]);
    expect(expired).toBe(1);
    expect(readAppSession()).toBeNull();
    expect(readSession()?.accessToken).toBe('admin-access');
  });

  it('rotates its own tokens under its own keys', async () => {
    saveAppSession({ access: 'app-stale', refresh: 'app-refresh-1', user: borrower });
    const { fetch } = createFakeFetch((call) => {
      if (call.url === '/api/token/refresh/')
        return json(200, { access: 'app-fresh', refresh: 'app-refresh-2' });
      return call.authorization === 'Bearer app-fresh'
        ? json(200, borrower)
        : json(401, { error: 'Token expired' });
    });
    const { api } = createApiClient({ fetch, tokens: appTokenStore });

    await expect(api(routes.me)).resolves.toEqual(borrower);

    expect(readAppSession()).toMatchObject({ accessToken: 'app-fresh', refreshToken: 'app-refresh-2' });
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('counts a stored user that is not a user as signed out', () => {
    localStorage.setItem('sente.app.accessToken', 'token');
    localStorage.setItem('sente.app.user', JSON.stringify({ id: 'x' }));
    expect(readAppSession()).toBeNull();
  });
});
