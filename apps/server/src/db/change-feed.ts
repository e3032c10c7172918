import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * What a process hears of other processes' changes: PostgreSQL NOTIFY on a channel, delivered
 * after the notifying transaction commits. `onState(false)` means notices may be missed from now
 * on (the listening connection is gone): a subscriber that caches must stop trusting its cache
 * until `onState(true)`, which comes once the feed listens again.
 */
export interface ChangeSubscription {
  readonly onNotice: (payload: string) => void;
  readonly onState: (listening: boolean) => void;
}

export interface ChangeFeed {
  subscribe(channel: string, subscription: ChangeSubscription): Promise<void>;
  close(): Promise<void>;
}

const RECONNECT_DELAY_MS = 1_000;

/** One dedicated connection per process (it counts beside DATABASE_POOL_SIZE), reconnecting forever. */
export function postgresChangeFeed(url: string): ChangeFeed {
  const subscriptions = new Map<string, Set<ChangeSubscription>>();
  const everyone = () => [...subscriptions.values()].flatMap((set) => [...set]);
  let client: pg.Client | null = null;
  // Channels the current connection has issued LISTEN for; `listening` once all of them are.
  let listened = new Set<string>();
  let listening = false;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  const setState = (now: boolean) => {
    listening = now;
    for (const subscription of everyone()) subscription.onState(now);
  };

  const lost = (dead: pg.Client) => {
    if (client !== dead) return;
    client = null;
    setState(false);
    dead.end().catch(() => {});
    if (!closed && retry === null) {
      retry = setTimeout(connect, RECONNECT_DELAY_MS);
      // Retrying must not be what keeps a finished process alive.
      retry.unref();
    }
  };

  async function connect(): Promise<void> {
    retry = null;
    if (closed || client !== null) return;
    const next = new pg.Client({ connectionString: url, keepAlive: true, application_name: 'sente-feed' });
    client = next;
    listened = new Set();
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    next.on('notification', (message) => {
      for (const subscription of subscriptions.get(message.channel) ?? []) {
        subscription.onNotice(message.payload ?? '');
      }
    });
    try {
      await next.connect();
      // A channel subscribed while this loop awaits is picked up by the next round.
      for (;;) {
        const pending = [...subscriptions.keys()].filter((channel) => !listened.has(channel));
        if (pending.length === 0 || client !== next) break;
        for (const channel of pending) {
          await next.query(`LISTEN "${channel}"`);
          listened.add(channel);
        }
      }
      if (client === next) setState(true);
    } catch {
      lost(next);
    }
  }

  return {
    async subscribe(channel, subscription) {
      if (!/^[a-z_]+$/.test(channel)) throw new Error(`bad channel name ${channel}`);
      const known = subscriptions.get(channel);
      subscriptions.set(channel, new Set([...(known ?? []), subscription]));
      subscription.onState(false);
      if (client === null) {
        await connect();
      } else if (listening) {
        // Connected and listening: add this channel if it is new; otherwise connect() is on it.
        const current = client;
        if (!listened.has(channel)) {
          await current.query(`LISTEN "${channel}"`);
          listened.add(channel);
        }
        if (client === current && listening) subscription.onState(true);
      }
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const last = client;
      client = null;
      setState(false);
      await last?.end().catch(() => {});
    },
  };
}

/** PGlite runs in this process, on one connection: its notices come from that connection. */
export function pgliteChangeFeed(database: PGlite): ChangeFeed {
  const unlisteners: (() => Promise<void>)[] = [];
  return {
    async subscribe(channel, subscription) {
      unlisteners.push(await database.listen(channel, subscription.onNotice));
      subscription.onState(true);
    },
    async close() {
      for (const unlisten of unlisteners.splice(0)) await unlisten().catch(() => {});
    },
  };
}
