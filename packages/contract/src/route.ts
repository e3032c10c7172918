import type { z } from 'zod';

/** Who may call a route. The server's one guard enforces it; the route-guard test proves it. */
export type AuthLevel = 'public' | 'user' | 'admin';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteDefinition {
  readonly method: HttpMethod;
  /** Fastify-style path with `:param` segments, trailing slash as the spec writes it. */
  readonly path: `/api/${string}`;
  readonly auth: AuthLevel;
  readonly summary: string;
  readonly tags: readonly string[];
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly headers?: z.ZodType;
  /** Multipart routes take their body as a stream and describe it here for the docs only. */
  readonly multipart?: boolean;
  readonly responses: Readonly<Record<number, z.ZodType>>;
}

/** Declares an endpoint once; the server registers it, the web client calls it, the docs describe it. */
export function route<const T extends RouteDefinition>(definition: T): T {
  return definition;
}

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;
type Input<T> = T extends z.ZodType ? z.input<T> : undefined;

export type RouteParams<R extends RouteDefinition> = Infer<R['params']>;
export type RouteQuery<R extends RouteDefinition> = Infer<R['query']>;
export type RouteBody<R extends RouteDefinition> = Infer<R['body']>;
export type RouteQueryInput<R extends RouteDefinition> = Input<R['query']>;
export type RouteBodyInput<R extends RouteDefinition> = Input<R['body']>;

type SuccessCodes<R extends RouteDefinition> = Extract<keyof R['responses'], 200 | 201 | 202 | 204>;
/** The body of the route's success answer. */
export type RouteResponse<R extends RouteDefinition> = z.infer<R['responses'][SuccessCodes<R>]>;
