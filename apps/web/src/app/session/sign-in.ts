import type { RegisterBody, Registered } from '@sente/contract';
import { routes } from '@sente/contract/routes';
import { saveSession as saveAdminSession } from '../../lib/session.ts';
import { appApi } from './app-api.ts';
import { type AppUser, clearAppSession, readAppRefreshToken, saveAppSession } from './app-session.ts';
import { type Failure, failureOf } from './failure.ts';

// Loaded on the first keystroke of the sign-in or sign-up form, not with the first screen: this is
// where the API client and zod come in (docs/app.md, "What the first screen loads").

export type SignInOutcome =
  | { readonly kind: 'app'; readonly user: AppUser }
  /** An admin: signed in to the back-office instead, never to the app. */
  | { readonly kind: 'admin' }
  /** An admin with two-factor sign-in: that happens on the back-office login only. */
  | { readonly kind: 'admin-mfa' }
  | { readonly kind: 'failed'; readonly failure: Failure };

export async function signIn(body: { email: string; password: string }): Promise<SignInOutcome> {
  try {
    const answer = await appApi(routes.login, { body });
    if ('mfa_required' in answer) return { kind: 'admin-mfa' };
    if (answer.user.role === 'admin') {
      saveAdminSession(answer);
      return { kind: 'admin' };
    }
    saveAppSession(answer);
    return { kind: 'app', user: answer.user };
  } catch (error) {
    return { kind: 'failed', failure: failureOf(error) };
  }
}

export type RegisterOutcome =
  | { readonly kind: 'registered'; readonly answer: Registered }
  | { readonly kind: 'failed'; readonly failure: Failure };

export async function register(body: RegisterBody): Promise<RegisterOutcome> {
  try {
    const answer = await appApi(routes.register, { body });
    saveAppSession(answer);
    return { kind: 'registered', answer };
  } catch (error) {
    return { kind: 'failed', failure: failureOf(error) };
  }
}

/** Revokes the refresh token on the server, then forgets the session here whatever the answer. */
export async function signOut(): Promise<void> {
  const refresh = readAppRefreshToken();
  try {
    if (refresh) await appApi(routes.logout, { body: { refresh } });
  } catch {
    // Offline or the server is down: signing out on this phone must still work.
  } finally {
    clearAppSession();
    clearDrafts();
  }
}

/** Forms keep drafts in sessionStorage (use-draft.ts); a sign-out leaves none behind. */
function clearDrafts(): void {
  try {
    for (const key of Object.keys(sessionStorage)) {
      if (key.startsWith('sente.app.draft.')) sessionStorage.removeItem(key);
    }
  } catch {
    // Storage blocked: nothing was kept.
  }
}
