import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const cli = fileURLToPath(new URL('../src/cli/main.ts', import.meta.url));
const dataDir = mkdtempSync(path.join(tmpdir(), 'sente-sim-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function env(extra: Record<string, string>): NodeJS.ProcessEnv {
  const { PAYMENT_CALLBACK_SECRET: _ignored, ...rest } = process.env;
  return { ...rest, DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...extra };
}

describe('npm run cli -- momo-simulator (one simulator for several replicas)', () => {
  it('refuses to start without the callback secret the replicas check', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', cli, 'momo-simulator', '--port', '0'], {
      env: env({}),
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('PAYMENT_CALLBACK_SECRET must be set');
  }, 60_000);

  it('serves the MoMo API on the port it prints until SIGTERM, then stops cleanly', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', cli, 'momo-simulator', '--port', '0'], {
      env: env({ PAYMENT_CALLBACK_SECRET: 'simulator-cli-test-secret-000000000000' }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    const deadline = Date.now() + 30_000;
    let url: string | undefined;
    while (!url && Date.now() < deadline) {
      url = /listening at (http:\/\/\S+)/.exec(output)?.[1];
      if (!url) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const token = await fetch(`${url}/collection/token/`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from('user:key').toString('base64')}`,
        'ocp-apim-subscription-key': 'demo',
      },
    });
    expect(token.status).toBe(200);
    expect(((await token.json()) as { access_token: string }).access_token).toBeTruthy();
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toContain('MoMo simulator stopped');
  }, 60_000);
});
