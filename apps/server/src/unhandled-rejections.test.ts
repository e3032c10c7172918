import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const guard = fileURLToPath(new URL('./unhandled-rejections.ts', import.meta.url));

/** Runs a script in a fresh Node process (with tsx, as the server's sources are TypeScript). */
function run(script: string) {
  return spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
    timeout: 30_000,
  });
}

describe('an unhandled promise rejection in the server process', () => {
  const rejectLikePgBoss = `
    // What pg-boss's worker does with a job's completion write: starts it and never awaits it.
    const write = async () => { throw new Error('timeout exceeded when trying to connect'); };
    write();
    setTimeout(() => { console.log('still serving'); }, 100);`;

  it('is logged and the process keeps running', () => {
    const result = run(`
      const { logUnhandledRejections } = await import(${JSON.stringify(guard)});
      logUnhandledRejections({ error: (details, message) => console.error(message, details.err.message) });
      ${rejectLikePgBoss}`);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('still serving');
    expect(result.stderr).toContain('unhandled promise rejection');
    expect(result.stderr).toContain('timeout exceeded when trying to connect');
  });

  it('ends the process without the guard (why main.ts installs it)', () => {
    const result = run(rejectLikePgBoss);
    expect(result.status).not.toBe(0);
    expect(result.stdout).not.toContain('still serving');
  });
});
