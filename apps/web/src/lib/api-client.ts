import type { ApiError, RouteDefinition, RouteResponse } from '@sente/contract';
import { type RouteAddress, routes } from '@sente/contract/routes';
import type { z } from 'zod';
import { clearSession, readAccessToken, readRefreshToken, saveTokens } from './session.ts';

/**
 * Where a client keeps its tokens. The back-office and the app each have their own (lib/session.ts,
 * app/session/app-session.ts), so signing in to one never signs in to, or out of, the other.
 */
export interface TokenStore {
  readAccessToken(): string | null;
  readRefreshToken(): string | null;
  saveTokens(tokens: { readonly access: string; readonly refresh: string }): void;
  clearSession(): void;
  /** The cross-tab lock around a refresh: one per token family, so two stores never wait on each other. */
  readonly refreshLockName: string;
}

/** The back-office session (localStorage keys of spec section 3). */
export const adminTokenStore: TokenStore = {
  readAccessToken,
  readRefreshToken,
  saveTokens,
  clearSession,
  refreshLockName: 'sente-token-refresh',
};

/** A failed call: the HTTP status (0 when the network failed) and the server's `{error, details}`. */
export class ApiRequestError extends Error {
  readonly status: number;
  /** The server's error body; null when it sent none (network failure, a proxy's HTML page). */
  readonly body: ApiError | null;

  constructor(
    status: number,
    body: ApiError | null,
    fallbackMessage = `Request failed with status ${status}`,
  ) {
    super(body?.error ?? fallbackMessage);
    this.name = 'ApiRequestError';
    this.status = status;
    this.body = body;
  }

  get details(): Readonly<Record<string, readonly string[]>> | undefined {
    return this.body?.details;
  }
}

export const NETWORK_ERROR_MESSAGE = 'Network error. Please check your connection.';

type ParamsOption<R extends RouteDefinition> = R['params'] extends z.ZodType
  ? { params: z.input<R['params']> }
  : { params?: undefined };
type QueryOption<R extends RouteDefinition> = R['query'] extends z.ZodType
  ? { query?: z.input<R['query']> }
  : { query?: undefined };
type BodyOption<R extends RouteDefinition> = R['body'] extends z.ZodType
  ? { body: z.input<R['body']> }
  : { body?: undefined };
type HeadersOption<R extends RouteDefinition> = R['headers'] extends z.ZodType
  ? { headers: z.input<R['headers']> }
  : { headers?: undefined };

export type ApiOptions<R extends RouteDefinition> = ParamsOption<R> &
  QueryOption<R> &
  BodyOption<R> &
  HeadersOption<R> & { signal?: AbortSignal };

/** The options argument may be left out only when the route needs no params, body or headers. */
export type ApiArgs<R extends RouteDefinition> =
  Partial<ApiOptions<R>> extends ApiOptions<R> ? [options?: ApiOptions<R>] : [options: ApiOptions<R>];

/** The untyped view of the options, used inside the client once the call site has been checked. */
interface RequestParts {
  readonly params?: unknown;
  readonly query?: unknown;
  readonly body?: unknown;
  readonly headers?: unknown;
  readonly signal?: AbortSignal | undefined;
}

/**
 * Calls a route, named by its contract definition or by its address (`@sente/contract/routes`, the
 * same route without its schemas, which the app uses to keep zod off its first screens).
 */
export interface Api {
  <R extends RouteDefinition>(route: R, ...args: ApiArgs<R>): Promise<RouteResponse<R>>;
  <R extends RouteDefinition>(route: RouteAddress<R>, ...args: ApiArgs<R>): Promise<RouteResponse<R>>;
}

export interface ApiClientOptions {
  /** Defaults to the global fetch, looked up on every call. */
  readonly fetch?: typeof fetch;
  /** Called once the session is gone for good (the refresh was refused). */
  readonly onSessionExpired?: () => void;
  /** Defaults to the back-office session. */
  readonly tokens?: TokenStore;
}

export interface ApiClient {
  readonly api: Api;
  setSessionExpiredHandler(handler: () => void): void;
  /**
   * For calls the client cannot make itself (an upload with progress): after a 401 with `staleAccess`,
   * the access token to retry with, refreshed once for everyone waiting; null when the session ended.
   */
  accessTokenAfter401(staleAccess: string | null): Promise<string | null>;
}

/** Fills `:name` segments of a contract path. */
export function buildPath(path: string, params: unknown): string {
  const values = isRecord(params) ? params : {};
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === null) throw new TypeError(`Missing path parameter "${name}"`);
    return encodeURIComponent(String(value));
  });
}

/** Serialises a query object; undefined and null are left out, arrays repeat the key. */
export function buildQuery(query: unknown): string {
  if (!isRecord(query)) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null) continue;
      search.append(key, item instanceof Date ? item.toISOString() : String(item));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

async function readJson(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The contract's ApiError, checked by hand: the client must read refusals without loading zod. */
function asApiError(body: unknown): ApiError | null {
  if (!isRecord(body) || typeof body.error !== 'string') return null;
  if (body.code !== undefined && typeof body.code !== 'string') return null;
  const { details } = body;
  if (details !== undefined) {
    if (!isRecord(details)) return null;
    const lists = Object.values(details);
    if (!lists.every((list) => Array.isArray(list) && list.every((item) => typeof item === 'string'))) {
      return null;
    }
  }
  return body as ApiError;
}

function errorFromBody(status: number, body: unknown): ApiRequestError {
  return new ApiRequestError(status, asApiError(body));
}

/** The refresh route's answer, checked by hand like asApiError. */
function asTokenPair(body: unknown): { readonly access: string; readonly refresh: string } | null {
  if (!isRecord(body) || typeof body.access !== 'string' || typeof body.refresh !== 'string') return null;
  if (body.access === '' || body.refresh === '') return null;
  return { access: body.access, refresh: body.refresh };
}

/**
 * The schema a development build or a test checks an answer against: the definition's own, or for
 * an address the contract's route at the same method and path, loaded only then.
 */
async function responseSchemaOf(
  route: RouteDefinition | RouteAddress,
  status: number,
): Promise<z.ZodType | undefined> {
  if ('responses' in route) return route.responses[status];
  const { routes: definitions } = await import('@sente/contract');
  const definition = Object.values(definitions).find(
    (candidate) => candidate.method === route.method && candidate.path === route.path,
  );
  if (!definition) throw new Error(`The contract has no route ${route.method} ${route.path}`);
  return (definition.responses as Readonly<Record<number, z.ZodType>>)[status];
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** One refresh at a time across tabs too: two tabs rotating the same token would revoke the family. */
async function withRefreshLock<T>(name: string, task: () => Promise<T>): Promise<T> {
  const locks = globalThis.navigator?.locks;
  if (!locks) return task();
  return locks.request(name, task);
}

type RefreshOutcome = { readonly access: string } | { readonly access: null };

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const tokens = options.tokens ?? adminTokenStore;
  let onSessionExpired =
    options.onSessionExpired ??
    (() => {
      globalThis.location?.assign('/login');
    });
  let refreshing: Promise<RefreshOutcome> | null = null;

  const doFetch = (input: string, init: RequestInit): Promise<Response> =>
    (options.fetch ?? globalThis.fetch)(input, init);

  async function send(
    route: RouteDefinition | RouteAddress,
    request: RequestParts,
    accessToken: string | null,
  ): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (isRecord(request.headers)) {
      for (const [name, value] of Object.entries(request.headers)) headers[name] = String(value);
    }
    if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
    const init: RequestInit = { method: route.method, headers };
    if (request.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(request.body);
    }
    if (request.signal) init.signal = request.signal;
    const url = `${buildPath(route.path, request.params)}${buildQuery(request.query)}`;
    try {
      return await doFetch(url, init);
    } catch (error) {
      if (isAbort(error)) throw error;
      throw new ApiRequestError(0, null, NETWORK_ERROR_MESSAGE);
    }
  }

  /**
   * Trades the stored refresh token for a new pair. A refused refresh (4xx) ends the session; a
   * network failure or 5xx does not, so being offline for a moment never signs anyone out.
   */
  async function runRefresh(staleAccess: string | null): Promise<RefreshOutcome> {
    return withRefreshLock(tokens.refreshLockName, async () => {
      const current = tokens.readAccessToken();
      // Another tab refreshed while this one waited for the lock.
      if (current !== null && current !== staleAccess) return { access: current };
      const refresh = tokens.readRefreshToken();
      if (!refresh) return endSession();
      const response = await send(routes.refreshToken, { body: { refresh } }, null);
      const body = await readJson(response);
      if (response.status >= 500) throw errorFromBody(response.status, body);
      const pair = response.ok ? asTokenPair(body) : null;
      if (!pair) return endSession();
      tokens.saveTokens(pair);
      return { access: pair.access };
    });
  }

  /** Runs once per refused refresh, however many calls were waiting on it. */
  function endSession(): RefreshOutcome {
    tokens.clearSession();
    onSessionExpired();
    return { access: null };
  }

  /** Single-flight: every call that meets a 401 while a refresh runs waits for that same refresh. */
  function refreshOnce(staleAccess: string | null): Promise<RefreshOutcome> {
    if (!refreshing) {
      refreshing = runRefresh(staleAccess).finally(() => {
        refreshing = null;
      });
    }
    return refreshing;
  }

  async function call(route: RouteDefinition | RouteAddress, request: RequestParts): Promise<unknown> {
    const needsAuth = route.auth !== 'public';
    const usedAccess = needsAuth ? tokens.readAccessToken() : null;
    let response = await send(route, request, usedAccess);

    if (response.status === 401 && needsAuth) {
      const current = tokens.readAccessToken();
      const outcome =
        current !== null && current !== usedAccess ? { access: current } : await refreshOnce(usedAccess);
      if (outcome.access === null) throw errorFromBody(401, await readJson(response));
      response = await send(route, request, outcome.access);
    }

    const body = await readJson(response);
    if (!response.ok) throw errorFromBody(response.status, body);
    // Every answer with content is JSON: an empty or non-JSON 2xx (a proxy's page, a cut-off body) is
    // unreadable in every build, so screens can say "… returned empty" without the schemas.
    if (response.status !== 204 && (body === null || typeof body === 'string')) {
      throw new ApiRequestError(response.status, null, 'The server sent an answer this app cannot read.');
    }
    // Answers are checked strictly against the contract in development and tests, here and on the
    // server; a production build trusts them as they are, which is the same value (no response schema
    // transforms, route-addresses.test.ts), and does not ship the schemas to phones (docs/app.md).
    if (import.meta.env.DEV) {
      const schema = await responseSchemaOf(route, response.status);
      if (schema && !schema.safeParse(body).success) {
        throw new ApiRequestError(
          response.status,
          null,
          'The server sent an answer this app does not understand.',
        );
      }
    }
    return body;
  }

  const api = ((route: RouteDefinition | RouteAddress, ...args: [RequestParts?]) =>
    call(route, args[0] ?? {})) as Api;

  return {
    api,
    setSessionExpiredHandler(handler) {
      onSessionExpired = handler;
    },
    async accessTokenAfter401(staleAccess) {
      const current = tokens.readAccessToken();
      if (current !== null && current !== staleAccess) return current;
      return (await refreshOnce(staleAccess)).access;
    },
  };
}

const defaultClient = createApiClient();

/** Calls a contract route: `api(routes.me)`, `api(routes.login, { body })`. */
export const api: Api = defaultClient.api;

/** For downloads the client cannot read as JSON (lib/download-export.ts): the back-office's fresh token after a 401. */
export const accessTokenAfter401 = defaultClient.accessTokenAfter401;
export const readAccessTokenForDownload = (): string | null => adminTokenStore.readAccessToken();

/** main.tsx points this at the router so an expired session lands on /login without a reload. */
export const setSessionExpiredHandler = defaultClient.setSessionExpiredHandler;
