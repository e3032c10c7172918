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

function shellWith(entries) {
  const files = new Set(entries.flatMap((entry) => [...chunksOf(entry)]));
  const links = [...files]
    .filter((file) => !index.includes(`/${file}"`))
    .map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">`)
    .join('\n');
  if (!index.includes('</head>')) throw new Error('index.html has no </head>');
  return index.replace('</head>', `${links}\n  </head>`);
}

await writeFile(path.join(distDir, 'app-sign-in.html'), shellWith(['src/app/app-entry.ts']));
await writeFile(
  path.join(distDir, 'app.html'),
  shellWith(['src/app/app-entry.ts', 'src/app/app-screens-entry.ts']),
);
console.log('Wrote the app shells with their chunks preloaded: dist/app-sign-in.html, dist/app.html');
