/**
 * Back-office browser-test helpers: a page signed in as the harness admin without typing the
 * login form each time, API calls from the test itself, and failing one call on purpose.
 */
import type { Browser, BrowserContextOptions, Page, Route } from 'playwright-core';
import { harness, type OpenedPage, openPage } from './harness.ts';

interface LoginAnswer {
  readonly access: string;
  readonly refresh: string;
  readonly user: unknown;
}

export async function loginThroughApi(email = harness().adminEmail, password = harness().adminPassword) {
  const response = await fetch(`${harness().baseUrl}/api/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`Login failed with ${response.status}: ${await response.text()}`);
  return (await response.json()) as LoginAnswer;
}

/** A fresh page holding its own admin session, opened at `path`. */
export async function openAdminPage(
  browser: Browser,
  path: string,
  options: BrowserContextOptions = {},
): Promise<OpenedPage> {
  const session = await loginThroughApi();
  const opened = await openPage(browser, options);
  await opened.page.addInitScript((stored) => {
    // Only the app's top document gets the session (a document's PDF frame has no storage), and
    // only the first one of the context: later sign-outs must stick.
    if (window !== window.top || !window.sessionStorage) return;
    if (sessionStorage.getItem('e2e-session-seeded')) return;
    sessionStorage.setItem('e2e-session-seeded', '1');
    localStorage.setItem('accessToken', stored.access);
    localStorage.setItem('refreshToken', stored.refresh);
    localStorage.setItem('user', JSON.stringify(stored.user));
  }, session);
  await opened.page.goto(path);
  return opened;
}

/** Calls the API as the harness admin from the test (to arrange or check data). */
export async function adminApi<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const { access } = await loginThroughApi();
  const response = await fetch(`${harness().baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${access}`,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${response.status}`);
  return (response.status === 204 ? null : await response.json()) as T;
}

export type Failure = { readonly status: number; readonly error?: string } | 'network';

/**
 * Fails every call whose method and path match (path as a string compares exactly, a RegExp tests
 * it), until the returned function is called.
 */
export async function failCall(
  page: Page,
  method: string,
  path: string | RegExp,
  failure: Failure = { status: 500, error: 'Internal server error' },
): Promise<() => Promise<void>> {
  const matches = (url: URL) => (typeof path === 'string' ? url.pathname === path : path.test(url.pathname));
  const handler = async (route: Route) => {
    if (route.request().method() !== method) return route.fallback();
    if (failure === 'network') return route.abort('failed');
    return route.fulfill({
      status: failure.status,
      json: { error: failure.error ?? 'Internal server error' },
    });
  };
  await page.route(matches, handler);
  return () => page.unroute(matches, handler);
}

/** Counts finished requests to a path, e.g. to prove a debounce sent one search. */
export function countRequests(page: Page, predicate: (url: URL, method: string) => boolean): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (predicate(new URL(request.url()), request.method())) count += 1;
  });
  return () => count;
}

export function searchParam(page: Page, key: string): string | null {
  return new URL(page.url()).searchParams.get(key);
}

/** Waits until the table shows rows and every cell matching `selector` starts with `prefix`. */
export async function waitForEveryCell(page: Page, selector: string, prefix: string): Promise<void> {
  await page.waitForFunction(
    ([sel, start]) => {
      const cells = [...document.querySelectorAll(sel)];
      return cells.length > 0 && cells.every((cell) => cell.textContent?.startsWith(start));
    },
    [selector, prefix] as const,
  );
}
