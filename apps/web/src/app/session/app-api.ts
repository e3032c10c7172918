import { createApiClient, type TokenStore } from '../../lib/api-client.ts';
import { clearAppSession, readAppAccessToken, readAppRefreshToken, saveAppTokens } from './app-session.ts';

export const appTokenStore: TokenStore = {
  readAccessToken: readAppAccessToken,
  readRefreshToken: readAppRefreshToken,
  saveTokens: saveAppTokens,
  clearSession: clearAppSession,
  refreshLockName: 'sente-app-token-refresh',
};

const client = createApiClient({
  tokens: appTokenStore,
  onSessionExpired: () => globalThis.location?.assign('/app/login'),
});

/** Calls a contract route with the app's session: `appApi(routes.myLoans)`. */
export const appApi = client.api;

/** The app shell points this at its router, so an expired session lands on /app/login without a reload. */
export const setAppSessionExpiredHandler = client.setSessionExpiredHandler;

export const appAccessTokenAfter401 = client.accessTokenAfter401;
