/** Starts the provider process (provider.ts) and runs a case's callbacks through it. */
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Timed } from './pool.ts';

/** One signed callback, as the provider posts it. */
export interface SignedCallback {
  readonly body: string;
  readonly signature: string;
}

export type ProviderMessage =
  | {
      readonly kind: 'load';
      readonly url: string;
      readonly connections: number;
      readonly calls: SignedCallback[];
    }
  | { readonly kind: 'go' }
  | { readonly kind: 'exit' };

/** A run's calls as timedPool answers them (`results`: whether each answered call said `applied`). */
export interface ProviderDone extends Timed<boolean> {
  readonly kind: 'done';
  /** The provider process's own CPU during the calls. */
  readonly cpuMs: number;
}

type ProviderReply =
  | { readonly kind: 'loaded' }
  | ProviderDone
  | { readonly kind: 'failed'; readonly message: string };

const PROVIDER = fileURLToPath(new URL('./provider.ts', import.meta.url));

export interface Provider {
  readonly pid: number;
  /**
   * Posts the calls to `url`; `beforeGo` runs once the provider holds them and is ready, right
   * before the first call (where the caller reads its counters), so the window it measures is the
   * calls' alone.
   */
  run(
    url: string,
    connections: number,
    calls: SignedCallback[],
    beforeGo: () => void,
  ): Promise<Timed<boolean> & { readonly cpuMs: number }>;
  close(): Promise<void>;
}

function nextReply(child: ChildProcess): Promise<ProviderReply> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`the provider process exited (${code})`));
    child.once('exit', onExit);
    child.once('message', (reply: ProviderReply) => {
      child.off('exit', onExit);
      resolve(reply);
    });
  });
}

export function startProvider(): Provider {
  const child = fork(PROVIDER, [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error('the provider process did not start');
  return {
    pid,
    async run(url, connections, calls, beforeGo) {
      const loaded = nextReply(child);
      child.send({ kind: 'load', url, connections, calls } satisfies ProviderMessage);
      const ready = await loaded;
      if (ready.kind !== 'loaded') throw new Error(`the provider answered ${ready.kind} to its calls`);
      beforeGo();
      const finished = nextReply(child);
      child.send({ kind: 'go' } satisfies ProviderMessage);
      const done = await finished;
      if (done.kind === 'failed') throw new Error(`the provider failed: ${done.message}`);
      if (done.kind !== 'done') throw new Error(`the provider answered ${done.kind} to go`);
      const { kind: _, ...timed } = done;
      return timed;
    },
    async close() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send({ kind: 'exit' } satisfies ProviderMessage);
      await exited;
    },
  };
}
