import { Readable } from 'node:stream';
import type { RouteDefinition, RouteResponse } from '@sente/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ForbiddenError, RateLimitedError, TooLargeError, UnauthenticatedError } from '../domain-error.ts';

/** The signed-in caller, as the guard found them in the database for this request. */
export interface AuthUser {
  readonly id: number;
  readonly role: 'admin' | 'borrower' | 'lender';
  readonly name: string;
  readonly email: string;
  /** The session (refresh family) of the token that made this request, when it names one. */
  readonly sessionId?: string | null;
}

/** Resolves a bearer token to an active user, or null when the token or the account is not good. */
export type Authenticate = (token: string) => Promise<AuthUser | null>;

type Parsed<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface HandlerContext<R extends RouteDefinition> {
  readonly params: Parsed<R['params']>;
  readonly query: Parsed<R['query']>;
  readonly body: Parsed<R['body']>;
  readonly headers: Parsed<R['headers']>;
  readonly user: R['auth'] extends 'public' ? AuthUser | null : AuthUser;
  readonly request: FastifyRequest;
  readonly reply: FastifyReply;
}

export type Handler<R extends RouteDefinition> = (
  context: HandlerContext<R>,
) => Promise<RouteResponse<R> | ReplySent> | RouteResponse<R> | ReplySent;

/** Returned by a handler that answered by itself (a file stream, a redirect). */
export const REPLY_SENT = Symbol('reply-sent');
export type ReplySent = typeof REPLY_SENT;

export interface RouteOptions {
  /**
   * Per-route request limit: `max` requests per `timeWindowMs` per client address (sign-in, public
   * forms), or per signed-in user (`per: 'user'`: applications, uploads), counted after the guard.
   */
  readonly rateLimit?: {
    readonly max: number;
    readonly timeWindowMs: number;
    readonly per?: 'address' | 'user';
  };
  /** Keeps the exact request bytes as `request.rawBody` (signed webhooks check a signature over them). */
  readonly rawBody?: boolean;
}

// Webhook bodies are small; anything larger is refused before it is buffered.
const RAW_BODY_LIMIT = 64 * 1024;

async function keepRawBody(
  request: FastifyRequest,
  payload: AsyncIterable<Buffer | string>,
): Promise<Readable> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of payload) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += buffer.length;
    if (size > RAW_BODY_LIMIT) throw new TooLargeError('BODY_TOO_LARGE', 'The request body is too large');
    chunks.push(buffer);
  }
  const raw = Buffer.concat(chunks);
  request.rawBody = raw;
  const stream = Readable.from([raw]) as Readable & { receivedEncodedLength?: number };
  stream.receivedEncodedLength = raw.length;
  return stream;
}

export type RegisterRoute = <R extends RouteDefinition>(
  definition: R,
  handler: Handler<R>,
  options?: RouteOptions,
) => void;

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

function successStatus(definition: RouteDefinition): number {
  const codes = Object.keys(definition.responses)
    .map(Number)
    .filter((code) => code >= 200 && code < 300)
    .sort((a, b) => a - b);
  return codes[0] ?? 200;
}

/** Header schemas must keep the headers they do not name (Authorization above all). */
function looseHeaders(schema: z.ZodType | undefined): z.ZodType | undefined {
  return schema instanceof z.ZodObject ? schema.loose() : schema;
}

/**
 * Registers contract routes on an app. The auth level declared in the contract is enforced here,
 * before any handler runs, for every route: there is no other way to add an /api route.
 */
export function createRouteRegistrar(app: FastifyInstance, authenticate: Authenticate): RegisterRoute {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  return (definition, handler, options) => {
    const status = successStatus(definition);
    const limit = options?.rateLimit;
    typed.route({
      method: definition.method,
      url: definition.path,
      config: {
        contract: definition,
        ...(limit
          ? {
              rateLimit: {
                max: limit.max,
                timeWindow: limit.timeWindowMs,
                ...(limit.per === 'user'
                  ? {
                      // After the guard, so the user is known; a user's count is the same from any address.
                      hook: 'preHandler' as const,
                      keyGenerator: (request: FastifyRequest) =>
                        request.user ? `user:${request.user.id}` : `address:${request.ip}`,
                    }
                  : {}),
                // Thrown as one of ours, so the one error handler renders it like every other error.
                errorResponseBuilder: () => new RateLimitedError(),
              },
            }
          : {}),
      },
      schema: {
        summary: definition.summary,
        tags: [...definition.tags],
        ...(definition.auth === 'public' ? {} : { security: [{ bearerAuth: [] }] }),
        ...(definition.params ? { params: definition.params } : {}),
        ...(definition.query ? { querystring: definition.query } : {}),
        ...(definition.body && !definition.multipart ? { body: definition.body } : {}),
        ...(definition.headers ? { headers: looseHeaders(definition.headers) } : {}),
        response: definition.responses,
      },
      ...(options?.rawBody
        ? { preParsing: (request, _reply, payload) => keepRawBody(request, payload) }
        : {}),
      onRequest: async (request) => {
        const token = bearerToken(request);
        const user = token ? await authenticate(token) : null;
        request.user = user;
        if (definition.auth === 'public') return;
        if (!user) throw new UnauthenticatedError();
        if (definition.auth === 'admin' && user.role !== 'admin') throw new ForbiddenError();
      },
      handler: async (request, reply) => {
        const result = await handler({
          params: request.params,
          query: request.query,
          body: request.body,
          headers: request.headers,
          user: request.user,
          request,
          reply,
        } as unknown as HandlerContext<typeof definition>);
        if (result === REPLY_SENT) return reply;
        if (status === 204) return reply.status(204).send();
        return reply.status(status).send(result);
      },
    });
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
    /** Set only on routes registered with `rawBody: true`. */
    rawBody?: Buffer;
  }
  interface FastifyContextConfig {
    contract?: RouteDefinition;
  }
}
