/**
 * pg-boss 10's worker neither awaits nor catches the write that marks a job completed or failed
 * (`manager.js`, `watch`: `this.complete(…)`, `this.fail(…)`). When the pool cannot give that
 * write a connection in time (seen under full load at scale 1000: `bench:api -- --scale 1000`,
 * docs/scale.md), the rejection reached Node's default handler, which ended the process and every
 * user's requests with it. Such a rejection is logged instead: the job stays active and pg-boss's
 * expiry puts it back in line. Everything of our own is awaited (routes, units of work, jobs), so
 * what arrives here is a library's loose end, not money half-moved.
 */
export function logUnhandledRejections(log: { error: (details: object, message: string) => void }): void {
  process.on('unhandledRejection', (reason) => {
    log.error({ err: reason }, 'unhandled promise rejection (logged; the server keeps serving)');
  });
}
