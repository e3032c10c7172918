import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The apps/server folder, found from wherever this code runs (src/ under tsx, dist/ when bundled),
 * so migrations and the web build are located the same way in both.
 */
function findServerRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let depth = 0; depth < 6; depth++) {
    if (existsSync(path.join(dir, 'migrations', 'meta', '_journal.json'))) return dir;
    dir = path.dirname(dir);
  }
  throw new Error('Cannot find the server folder (apps/server with migrations/)');
}

export const SERVER_ROOT = findServerRoot();
