import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Client routes of the spec's route table that the single-page app draws itself. Everything else
 * that is not a file gets the not-found page with a real 404 (decisions.md).
 */
const SPA_PREFIXES = ['/dashboard', '/login', '/reset-password', '/app'];

// decisions.md: /admin-login is /login, /privacy is /privacy-policy.
const REDIRECTS: Readonly<Record<string, string>> = {
  '/admin-login': '/login',
  '/privacy': '/privacy-policy',
};

function isSpaRoute(pathname: string): boolean {
  return SPA_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/**
 * The app's pages get the shell that preloads their chunks (apps/web/scripts/build-app-shells.mjs):
 * sign-in and sign-up only the first screen's, every other /app page the screens behind sign-in too.
 */
function appShellOf(pathname: string): string {
  if (pathname !== '/app' && !pathname.startsWith('/app/')) return 'index.html';
  return /^\/app\/(login|register)\/?$/.test(pathname) ? 'app-sign-in.html' : 'app.html';
}

/** Serves the built web app: prerendered pages, hashed assets, the SPA shell, the 404 page. */
export async function registerWeb(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const hasBuild = existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      redirect: false,
      // The build writes .br and .gz copies (apps/web/scripts/precompress.mjs): the smallest one the
      // browser accepts is sent as it is, and @fastify/compress leaves an encoded answer alone.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        // Vite fingerprints everything under assets/, so it may be cached for a year.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else {
          res.header('cache-control', 'no-cache');
        }
      },
    });
  }

  const readPage = (file: string): string | null => (existsSync(file) ? readFileSync(file, 'utf8') : null);
  // The not-found handler is not a route, so @fastify/compress never sees these pages: compress them
  // here (a prerendered page is 30–70 KB of HTML and a tenth of that compressed).
  const sendHtml = (request: FastifyRequest, reply: FastifyReply, status: number, html: string) => {
    reply
      .status(status)
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8');
    const accepted = request.headers['accept-encoding'] ?? '';
    if (/\bbr\b/.test(accepted)) {
      return reply
        .header('content-encoding', 'br')
        .send(brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 6 } }));
    }
    if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(gzipSync(html));
    return reply.send(html);
  };

  app.setNotFoundHandler((request, reply) => {
    const pathname = decodeURIComponent(request.url.split('?')[0] ?? '/');
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      return reply.status(404).send({ error: 'Not found' });
    }
    if (!hasBuild) {
      return reply
        .status(404)
        .send({ error: 'The web app is not built. Run `npm run build` (npm start does it for you).' });
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.status(404).send({ error: 'Not found' });
    }
    const trimmed = pathname.replace(/\/+$/, '');
    const redirect = REDIRECTS[trimmed];
    if (redirect) return reply.redirect(redirect, 301);
    // A prerendered public page: /about → about/index.html.
    if (trimmed && !trimmed.includes('..')) {
      const page = readPage(path.join(distDir, trimmed, 'index.html'));
      if (page) return sendHtml(request, reply, 200, page);
    }
    // The prerendered landing page lives beside the SPA shell, which /login and /dashboard still need.
    if (pathname === '/') {
      return sendHtml(
        request,
        reply,
        200,
        readPage(path.join(distDir, 'landing.html')) ?? readPage(indexFile) ?? '',
      );
    }
    if (isSpaRoute(pathname)) {
      return sendHtml(
        request,
        reply,
        200,
        readPage(path.join(distDir, appShellOf(pathname))) ?? readPage(indexFile) ?? '',
      );
    }
    return sendHtml(
      request,
      reply,
      404,
      readPage(path.join(distDir, '404.html')) ?? readPage(indexFile) ?? '',
    );
  });
}
