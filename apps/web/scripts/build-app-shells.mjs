// Writes dist/app-sign-in.html and dist/app.html after `vite build`: the single-page shell with
// <link rel="modulepreload"> for the app's own chunks, so a phone fetches them with React instead of
// one round trip later (docs/app.md, What the first screen loads). The sign-in shell preloads only the
// first screen's chunks (its 120 KB budget); the signed-in one adds the screens behind sign-in and
// their data layer. The server picks one per path (apps/server/src/http/web.ts).
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

const distDir = path.resolve(import.meta.dirname, '..', 'dist');
const manifest = JSON.parse(await readFile(path.join(distDir, '.vite', 'manifest.json'), 'utf8'));
const index = await readFile(path.join(distDir, 'index.html'), 'utf8');

/** The chunk files an entry loads at once: itself and its static imports, depth first. */
function chunksOf(entry, found = new Set()) {
  const chunk = manifest[entry];
  if (!chunk) throw new Error(`Vite's manifest has no ${entry}: was the app's entry renamed?`);
  if (found.has(chunk.file)) return found;
  found.add(chunk.file);
  for (const imported of chunk.imports ?? []) chunksOf(imported, found);
  return found;
}

/**
 * What a signed-in app page shows before its scripts have run: the app's own frame (the classes of
 * app-shell.tsx and app-layout.tsx) and a status line, so a phone on a slow network sees Sente at
 * once instead of a blank page. React replaces it on its first render.
 */
const SIGNED_IN_FRAME = [
  '<div id="root"><div class="flex min-h-dvh flex-col bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">',
  '<header class="sticky top-0 z-20 flex items-center gap-2 border-b border-slate-200 bg-white px-3 py-1 dark:border-slate-800 dark:bg-slate-900">',
  '<span class="inline-flex min-h-11 items-center gap-2 text-xl font-bold tracking-tight text-emerald-800 dark:text-emerald-300"><img src="/favicon.svg" alt="" width="28" height="28">Sente</span>',
  '</header>',
  '<main class="mx-auto w-full max-w-2xl flex-1 px-4 pt-4 pb-28"><p role="status" class="text-slate-700 dark:text-slate-300">Opening Sente...</p></main>',
  '</div></div>',
].join('');

function shellWith(entries, { frame } = { frame: null }) {
  const files = new Set(entries.flatMap((entry) => [...chunksOf(entry)]));
  const links = [...files]
    .filter((file) => !index.includes(`/${file}"`))
    .map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">`)
    .join('\n');
  if (!index.includes('</head>')) throw new Error('index.html has no </head>');
  if (frame && !index.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root');
  const withLinks = index.replace('</head>', `${links}\n  </head>`);
  return frame ? withLinks.replace('<div id="root"></div>', frame) : withLinks;
}

// The signed-in home must not load zod and the route schemas (vite.config.ts names their chunk
// `contract`): a value import from `@sente/contract` itself on the home's path would bring them back
// (docs/app.md, The signed-in home without zod). Failing the build says so before a phone pays for it.
const homeChunks = ['src/app/app-entry.ts', 'src/app/app-home-entry.ts'].flatMap((entry) => [
  ...chunksOf(entry),
]);
const schemaChunks = homeChunks.filter((file) => /(^|\/)contract-[\w-]{8}\.js$/.test(file));
if (schemaChunks.length > 0) {
  throw new Error(
    `The app's home would load zod and the route schemas (${schemaChunks.join(', ')}): import values from @sente/contract/routes, /money, /kampala-time or /documents there`,
  );
}

await writeFile(path.join(distDir, 'app-sign-in.html'), shellWith(['src/app/app-entry.ts']));
await writeFile(
  path.join(distDir, 'app.html'),
  shellWith(['src/app/app-entry.ts', 'src/app/app-home-entry.ts'], { frame: SIGNED_IN_FRAME }),
);
console.log('Wrote the app shells with their chunks preloaded: dist/app-sign-in.html, dist/app.html');
