import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const mainFile = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const dataDir = mkdtempSync(path.join(tmpdir(), 'sente-main-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function waitForOutput(child: ChildProcess, pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (pattern.test(output)) resolve(output);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`server exited (${code}) before printing ${pattern}:\n${output}`)),
    );
  });
}

describe('the server process (npm start, embedded database)', () => {
  it('prints the URL and the generated admin, serves, then exits cleanly and releases the database on SIGTERM', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', mainFile], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'true',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output = await waitForOutput(child, /password:\s+\S+/);
    expect(output).toContain(`Sente is running at http://localhost:${port}`);
    expect(output).toMatch(/email:\s+admin@sente\.local/);
    const password = /password:\s+(\S+)/.exec(output)?.[1] ?? '';

    const login = await fetch(`http://127.0.0.1:${port}/api/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@sente.local', password }),
    });
    expect(login.status).toBe(200);
    expect(existsSync(path.join(dataDir, 'pglite', 'sente.pid'))).toBe(true);

    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    // The database was closed cleanly: the lock is released.
    expect(existsSync(path.join(dataDir, 'pglite', 'sente.pid'))).toBe(false);
  }, 180_000);
});
