// Imported first by main.tsx and site-entry.tsx, so it runs before any zod schema is built. zod
// probes for `new Function` when it builds an object schema, to compile faster parsers; our CSP
// forbids eval, so the probe always fails and the browser reports it as a CSP violation. Jitless
// parsing is what runs here anyway. zod reads this global when it loads (zod/v4/core/core.js), so
// setting it costs no zod code in the first chunk.
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };

export {};
