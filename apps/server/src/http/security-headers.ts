import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Headers for API answers (JSON, CSV, files): what a browser needs to treat a data answer safely,
 * as OWASP's REST cheat sheet lists it. Helmet's other headers govern HTML documents (opener
 * policy, agent clusters, DNS prefetch, IE8 downloads, the legacy XSS filter) and mean nothing on
 * JSON, where they cost a phone on a slow network about 400 bytes per answer (a small answer,
 * headers included, went from 855 to 458 bytes), more than many answers' bodies.
 */
function apiHeaders(behindTlsProxy: boolean): Record<string, string> {
  return {
    // Nothing an answer contains may load or run anything, and no page may frame it.
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    // Another site's page cannot read an answer even by a no-cors request (a script or image tag).
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    // API answers carry personal data and money: no browser or proxy may keep a copy. A route
    // that means to be cached (none today) would set its own Cache-Control after this.
    'cache-control': 'no-store',
    ...(behindTlsProxy ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/** Helmet's headers for pages (the app's HTML and assets), CSP `script-src 'self'` above all. */
function pageHeaders(behindTlsProxy: boolean): Record<string, string> {
  const applyHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // HSTS only means something behind TLS; the proxy that terminates TLS sets X-Forwarded-Proto.
    strictTransportSecurity: behindTlsProxy ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  });
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  applyHeaders({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Security headers on every response: the API set on `/api` answers, helmet's page set on
 * everything else (and on the browsable API docs, which are pages). Both depend on the options
 * only, so they are computed once, at start: @fastify/helmet built helmet (and parsed the CSP)
 * again on every request.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { behindTlsProxy: boolean }): void {
  const api = apiHeaders(options.behindTlsProxy);
  const pages = pageHeaders(options.behindTlsProxy);
  app.addHook('onRequest', (request, reply, done) => {
    // The matched route's path, so `//api/…` (served as `/api/…`) is an API answer too.
    const path = request.routeOptions.url ?? request.url;
    const isApi = path.startsWith('/api/') && !path.startsWith('/api/docs');
    reply.headers(isApi ? api : pages);
    done();
  });
}
