import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { routes } from '@sente/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
let dist: string;
const BIG_SCRIPT = `export const lines = [${'"a line of the app",'.repeat(200)}];`;
beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'sente-dist-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app shell</title>');
  writeFileSync(
    path.join(dist, 'app-sign-in.html'),
    '<!doctype html><title>app shell, sign-in chunks</title>',
  );
  writeFileSync(path.join(dist, 'app.html'), '<!doctype html><title>app shell, screen chunks</title>');
  writeFileSync(path.join(dist, '404.html'), '<!doctype html><title>Page not found</title>');
  writeFileSync(path.join(dist, 'landing.html'), '<!doctype html><title>Landing prerendered</title>');
  mkdirSync(path.join(dist, 'about'));
  writeFileSync(path.join(dist, 'about', 'index.html'), '<!doctype html><title>About prerendered</title>');
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  // What apps/web/scripts/precompress.mjs writes beside a larger file.
  writeFileSync(path.join(dist, 'assets', 'big-abc123.js'), BIG_SCRIPT);
  writeFileSync(path.join(dist, 'assets', 'big-abc123.js.br'), brotliCompressSync(BIG_SCRIPT));
  writeFileSync(path.join(dist, 'assets', 'big-abc123.js.gz'), gzipSync(BIG_SCRIPT));
  t = await createTestApp({ config: { webDistDir: dist } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('GET /api/health', () => {
  it('answers ok once the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });
});

describe('unknown paths', () => {
  it('answers 404 JSON under /api', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no/such/thing/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not found' });
  });

  it('serves the app shell for the borrowers’ and lenders’ app under /app, never for /apply-like paths', async () => {
    for (const url of ['/app', '/app/', '/app/login', '/app/loans/12/repay']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('app shell');
    }
    const res = await t.app.inject({ method: 'GET', url: '/application' });
    expect(res.statusCode).toBe(404);
  });

  it('gives sign-in and sign-up the shell preloading the first screen, other app pages the screens too', async () => {
    const titleOf = async (url: string) =>
      /<title>(.*)<\/title>/.exec((await t.app.inject({ method: 'GET', url })).body)?.[1];
    expect(await titleOf('/app/login')).toBe('app shell, sign-in chunks');
    expect(await titleOf('/app/register?role=lender')).toBe('app shell, sign-in chunks');
    expect(await titleOf('/app')).toBe('app shell, screen chunks');
    expect(await titleOf('/app/loans/12/repay')).toBe('app shell, screen chunks');
    expect(await titleOf('/app/login-help')).toBe('app shell, screen chunks');
    expect(await titleOf('/dashboard/loans')).toBe('app shell');
  });

  it('answers the not-found page with status 404 for an unknown page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/no-such-page' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Page not found');
  });

  it('serves the app shell for back-office client routes', async () => {
    for (const url of ['/login', '/dashboard', '/dashboard/users/12', '/dashboard/anything']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('app shell');
    }
  });

  it('serves the prerendered landing page for /, apart from the app shell', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Landing prerendered');
  });

  it('compresses prerendered pages for clients that accept it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/about', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toContain('About prerendered');
  });

  it('serves a prerendered page for its path, with or without the trailing slash', async () => {
    for (const url of ['/about', '/about/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('About prerendered');
    }
  });

  it('redirects /admin-login to /login and /privacy to /privacy-policy', async () => {
    const redirects: [string, string][] = [
      ['/admin-login', '/login'],
      ['/privacy', '/privacy-policy'],
    ];
    for (const [from, to] of redirects) {
      const res = await t.app.inject({ method: 'GET', url: from });
      expect(res.statusCode).toBe(301);
      expect(res.headers.location).toBe(to);
    }
  });

  it('sends the Brotli or gzip copy of an asset the build compressed, whichever the browser accepts', async () => {
    const asked = (encodings: string) =>
      t.app.inject({
        method: 'GET',
        url: '/assets/big-abc123.js',
        headers: { 'accept-encoding': encodings },
      });
    const brotli = await asked('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toContain('javascript');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(brotli.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(BIG_SCRIPT);
    // The build's copy itself, not one compressed again for this answer.
    expect(brotli.rawPayload.equals(brotliCompressSync(BIG_SCRIPT))).toBe(true);
    const gzip = await asked('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(BIG_SCRIPT);
    expect(gzip.rawPayload.equals(gzipSync(BIG_SCRIPT))).toBe(true);
    const plain = await asked('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_SCRIPT);
  });

  it('serves fingerprinted assets with a year of caching', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });
});

describe('paths as the spec writes them', () => {
  it('answers with and without the trailing slash, and with doubled slashes', async () => {
    for (const url of ['/api/health', '/api/health/', '/api//health']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
    }
  });
});

describe('security headers', () => {
  it('gives pages a strict CSP, no-sniff and frame denial, and no server banner', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/about' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers.server).toBeUndefined();
  });

  it('gives API answers the data set: nothing loads or runs, no frame, no cross-site read, no copy kept', async () => {
    for (const url of ['/api/health', '//api/health', '/api/no-such-route/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.headers['cache-control'], url).toBe('no-store');
      // Helmet's headers for HTML documents stay off JSON: they cost a phone bytes on every answer.
      expect(res.headers['cross-origin-opener-policy'], url).toBeUndefined();
      expect(res.headers['x-dns-prefetch-control'], url).toBeUndefined();
      expect(res.headers['x-powered-by'], url).toBeUndefined();
    }
  });

  it('sends HSTS on pages and API answers only behind the TLS proxy', async () => {
    const behindTls = await createTestApp({ config: { trustProxy: true } });
    try {
      for (const url of ['/api/health', '/about']) {
        const plain = await t.app.inject({ method: 'GET', url });
        expect(plain.headers['strict-transport-security'], url).toBeUndefined();
        const res = await behindTls.app.inject({ method: 'GET', url });
        expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
      }
    } finally {
      await behindTls.close();
    }
  });
});

describe('what an attacker controls in the request', () => {
  it('marks every API answer no-store, so no browser or proxy keeps personal data; pages stay cacheable', async () => {
    const { token } = await t.userWithToken('admin');
    const api = await t.app.inject({ method: 'GET', url: '/api/auth/me/', headers: bearer(token) });
    expect(api.headers['cache-control']).toBe('no-store');
    const refused = await t.app.inject({ method: 'GET', url: '/api/auth/me/' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    const page = await t.app.inject({ method: 'GET', url: '/about' });
    expect(page.headers['cache-control']).not.toBe('no-store');
  });

  it('writes paging links on PUBLIC_URL, never on a forged Host or forwarded host', async () => {
    const { token } = await t.userWithToken('admin');
    await t.userWithToken('borrower');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/admin/users/?page_size=1',
      headers: { ...bearer(token), host: 'evil.example.com', 'x-forwarded-host': 'evil.example.com' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().next).toBe('http://localhost/api/auth/admin/users/?page_size=1&page=2');
  });

  it('answers a URL that does not decode with the standard 400 error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Malformed URL', code: 'BAD_URL' });
  });
});

describe('API documentation', () => {
  it('is not served when API_DOCS is off (the production default)', async () => {
    const production = await createTestApp({ config: { apiDocs: false } });
    try {
      expect((await production.app.inject({ method: 'GET', url: '/api/docs/' })).statusCode).toBe(404);
      expect((await production.app.inject({ method: 'GET', url: '/api/openapi.json' })).statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });

  it('publishes an OpenAPI 3 document with every contract route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const definition of Object.values(routes)) {
      const openApiPath = definition.path.replace(/:(\w+)/g, '{$1}');
      expect(doc.paths[openApiPath], definition.path).toHaveProperty(definition.method.toLowerCase());
    }
  });

  it('serves the browsable docs at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    // A page, so it gets the page headers: the API's `default-src 'none'` would stop its scripts.
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
  });
});
