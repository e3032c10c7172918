import type { SessionUser, SignedInUser } from '@sente/contract';

/** The admin as sign-in and /api/auth/me/ answer it (SignedInUser: with phone_verified). */
export const adminUser: SignedInUser = {
  id: 1,
  name: 'Grace Nakato',
  email: 'grace@sente.ug',
  username: 'grace',
  phone_number: '+256772123456',
  phone_verified: true,
  role: 'admin',
  status: 'Active',
  registration_date: '2025-01-06T08:00:00.000Z',
};

export interface RecordedCall {
  readonly method: string;
  readonly url: string;
  readonly authorization: string | null;
  readonly body: unknown;
}

type Handler = (call: RecordedCall) => Response | Promise<Response>;

export function json(status: number, body: unknown): Response {
  return new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** A fetch stand-in that records every call and answers from a handler. */
export function createFakeFetch(handler: Handler) {
  const calls: RecordedCall[] = [];
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const headers = new Headers(init?.headers);
    const call: RecordedCall = {
      method: init?.method ?? 'GET',
      url: String(input),
      authorization: headers.get('authorization'),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : null,
    };
    calls.push(call);
    return handler(call);
  };
  return { fetch, calls };
}

export function storeSession(access: string, refresh: string, user: SessionUser = adminUser): void {
  localStorage.setItem('accessToken', access);
  localStorage.setItem('refreshToken', refresh);
  localStorage.setItem('user', JSON.stringify(user));
}

export const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
