import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const mainFile = fileURLToPath(new URL('../src/main.ts', import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** A real `node src/main.ts` process, with what it printed kept for the test to read. */
export interface ServerProcess {
  readonly name: string;
  readonly url: string;
  readonly child: ChildProcess;
  /** Everything printed so far, stdout and stderr. */
  output(): string;
  /** The pino JSON lines printed so far. */
  logLines(): Record<string, unknown>[];
  /** SIGTERM, then the exit code (the server drains and exits 0). */
  stop(): Promise<number | null>;
}

/**
 * Starts the server on a free port. The port is free when asked for but only taken when the server
 * listens, seconds later: another test's connection may take it meanwhile (EADDRINUSE, seen once in
 * a full run), so that start is tried again on another port, up to three times.
 */
export async function startServerProcess(
  name: string,
  env: Record<string, string>,
  options: { startTimeoutMs?: number } = {},
): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnPort(name, env, options, await freePort());
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('EADDRINUSE')) throw error;
    }
  }
}

async function startOnPort(
  name: string,
  env: Record<string, string>,
  options: { startTimeoutMs?: number },
  port: number,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', mainFile], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${name} did not start in time:\n${output}`));
    }, options.startTimeoutMs ?? 60_000);
    const check = () => {
      if (!output.includes('Sente is running at')) return;
      clearTimeout(timer);
      child.stdout?.off('data', check);
      resolve();
    };
    child.stdout?.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${code}) before it was ready:\n${output}`));
    });
  });
  return {
    name,
    url: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    logLines: () =>
      output
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .flatMap((line) => {
          try {
            return [JSON.parse(line) as Record<string, unknown>];
          } catch {
            return [];
          }
        }),
    async stop() {
      if (child.exitCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      return exited;
    },
  };
}
