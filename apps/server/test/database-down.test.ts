import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signCallback } from '../src/features/payments/callback-signature.ts';
import { databaseUrl, TEST_DATABASE_URL, withAdminClient } from './postgres-server.ts';

/**
 * The real server process on PostgreSQL, reached through a small TCP proxy that the test stops and
 * starts: the database "goes away" (every connection dropped, new ones refused) and comes back.
 */
const mainFile = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const dataDir = mkdtempSync(path.join(tmpdir(), 'sente-dbdown-'));
const ADMIN = { email: 'admin@dbdown.sente.ug', password: randomBytes(12).toString('base64url') };
const CALLBACK_SECRET = randomBytes(36).toString('base64url');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Forwards 127.0.0.1:<port> to the PostgreSQL server; `stop` drops everything, `start` listens again. */
function createProxy(port: number, target: { host: string; port: number }) {
  let server: Server | null = null;
  let frozen = false;
  const sockets = new Set<Socket>();
  const pairs = new Set<[Socket, Socket]>();
  return {
    /** A network that swallows packets: connections stay open, nothing gets through either way. */
    freeze: () => {
      frozen = true;
      for (const [client, upstream] of pairs) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
    },
    thaw: () => {
      frozen = false;
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      pairs.clear();
    },
    start: () =>
      new Promise<void>((resolve, reject) => {
        server = createServer((client) => {
          if (frozen) {
            sockets.add(client);
            client.pause();
            return;
          }
          const upstream = connect(target.port, target.host);
          for (const socket of [client, upstream]) {
            sockets.add(socket);
            socket.on('close', () => sockets.delete(socket));
            socket.on('error', () => {
              client.destroy();
              upstream.destroy();
            });
          }
          client.pipe(upstream).pipe(client);
          pairs.add([client, upstream]);
        });
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => resolve());
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        const listener = server;
        server = null;
        for (const socket of sockets) socket.destroy();
        sockets.clear();
        pairs.clear();
        if (!listener) return resolve();
        listener.close(() => resolve());
        // Connections that arrive while closing are dropped too.
        listener.on('connection', (socket) => socket.destroy());
      }),
  };
}

let child: ChildProcess;
let baseUrl: string;
let databaseName: string;
let proxy: ReturnType<typeof createProxy>;
let output = '';

beforeAll(async () => {
  databaseName = `${inject('templateDatabase')}_down_${randomBytes(3).toString('hex')}`;
  await withAdminClient((c) =>
    c.query(`create database "${databaseName}" template "${inject('templateDatabase')}"`),
  );
  const target = new URL(TEST_DATABASE_URL);
  const proxyPort = await freePort();
  proxy = createProxy(proxyPort, { host: target.hostname, port: Number(target.port || 5432) });
  await proxy.start();
  const url = new URL(databaseUrl(databaseName));
  url.hostname = '127.0.0.1';
  url.port = String(proxyPort);

  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, ['--import', 'tsx', mainFile], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // Signed in with the password alone; two-factor sign-in has its own tests.
      ADMIN_MFA: 'optional',
      DATABASE_URL: url.toString(),
      // Short, so the swallowed-packets case below gives up within seconds (default 30 s + 5 s).
      DATABASE_STATEMENT_TIMEOUT_MS: '3000',
      JWT_SECRET: randomBytes(36).toString('base64url'),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: 'false',
      // Production needs a payment provider once the money feature is in; the local simulator.
      PAYMENT_PROVIDER: 'simulator',
      PAYMENT_CALLBACK_SECRET: CALLBACK_SECRET,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      WEB_DIST_DIR: '/nonexistent',
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    output = `${output}${chunk}`.slice(-10_000);
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output = `${output}${chunk}`.slice(-10_000);
  });
  await waitFor(async () => (await get('/api/health')).status === 200, 100_000, 'the server to start');
}, 120_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    // The server drains for at most 15 s; never let a stuck shutdown hold the suite.
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    await exited;
    clearTimeout(timer);
  }
  await proxy?.stop();
  if (databaseName)
    await withAdminClient((c) => c.query(`drop database if exists "${databaseName}" with (force)`));
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

async function get(pathname: string, token?: string) {
  const started = Date.now();
  const response = await fetch(`${baseUrl}${pathname}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal: AbortSignal.timeout(20_000),
  });
  const text = await response.text();
  return {
    status: response.status,
    text,
    type: response.headers.get('content-type'),
    ms: Date.now() - started,
  };
}

async function login() {
  const started = Date.now();
  const response = await fetch(`${baseUrl}/api/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
    signal: AbortSignal.timeout(20_000),
  });
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    ms: Date.now() - started,
  };
}

/** A provider's signed word that a payment (known or not) went through. */
async function callback(referenceId: string) {
  const started = Date.now();
  const body = JSON.stringify({ referenceId, amount: '50000', currency: 'UGX', status: 'SUCCESSFUL' });
  const response = await fetch(`${baseUrl}/api/payments/callback/mtn/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-sente-signature': signCallback(CALLBACK_SECRET, body) },
    body,
    signal: AbortSignal.timeout(60_000),
  });
  return { status: response.status, text: await response.text(), ms: Date.now() - started };
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output}`);
    try {
      if (await check()) return Date.now() - started;
    } catch {
      // not answering yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out waiting for ${what}:\n${output}`);
}

describe('the server process when PostgreSQL goes away and comes back', () => {
  it('answers 503 JSON quickly while the database is down, and turns healthy again by itself', async () => {
    const signedIn = await login();
    expect(signedIn.status).toBe(200);
    const token = String(signedIn.body.access);
    expect((await get('/api/auth/admin/users/', token)).status).toBe(200);

    await proxy.stop();

    const health = await get('/api/health');
    expect(health.status).toBe(503);
    expect(health.type).toContain('application/json');
    expect(JSON.parse(health.text)).toEqual({ error: expect.any(String), code: expect.any(String) });
    expect(health.ms).toBeLessThan(6_000);

    for (const pathname of ['/api/auth/admin/users/', '/api/loans/loans/', '/api/auth/me/']) {
      const res = await get(pathname, token);
      expect(res.status, `${pathname}: ${res.text}`).toBe(503);
      expect(JSON.parse(res.text)).toEqual({
        error: 'Service temporarily unavailable. Please try again shortly.',
      });
      expect(res.ms, pathname).toBeLessThan(6_000);
    }
    const refused = await login();
    expect(refused.status).toBe(503);
    expect(refused.ms).toBeLessThan(6_000);
    // Still down a moment later: no request hangs, the process stays up.
    expect((await get('/api/health')).status).toBe(503);
    expect(child.exitCode).toBeNull();

    await proxy.start();
    const recoveredInMs = await waitFor(
      async () => (await get('/api/health')).status === 200,
      20_000,
      'health to turn ok',
    );
    expect(recoveredInMs).toBeLessThan(20_000);
    expect((await get('/api/auth/admin/users/', token)).status).toBe(200);
    expect((await login()).status).toBe(200);
  }, 90_000);

  it('does not hang when the network to the database swallows packets: 503 within seconds, then recovers', async () => {
    const signedIn = await login();
    const token = String(signedIn.body.access);
    // Warm the pool so requests meet connections that are already open.
    await Promise.all(Array.from({ length: 5 }, () => get('/api/auth/admin/users/', token)));

    proxy.freeze();
    const health = await get('/api/health');
    expect(health.status).toBe(503);
    expect(health.ms).toBeLessThan(6_000);
    const results = await Promise.all(
      ['/api/auth/admin/users/', '/api/loans/loans/', '/api/auth/me/'].map((p) => get(p, token)),
    );
    for (const res of results) {
      expect(res.status, res.text).toBe(503);
      expect(res.ms).toBeLessThan(12_000);
    }
    // Callbacks that arrive together settle as a group (ADR 015): two take the free slots, the
    // others wait and then fail together when their group meets the database that is out of
    // reach, instead of waiting for it one after another.
    const callbacks = await Promise.all(
      Array.from({ length: 8 }, (_, i) => callback(`00000000-0000-4000-8000-00000000000${i}`)),
    );
    for (const res of callbacks) {
      expect(res.status, res.text).toBe(503);
      expect(res.ms).toBeLessThan(25_000);
    }

    proxy.thaw();
    await waitFor(async () => (await get('/api/health')).status === 200, 30_000, 'health to turn ok');
    expect((await get('/api/auth/admin/users/', token)).status).toBe(200);
  }, 90_000);
});
