// The project's root folder (the one holding package.json), found from wherever the code runs: the
// sources under src/ and scripts/, or the bundles of `npm run build` in dist/. Data files shipped with
// the project (es-mappings/, prisma/) are read from there.
import { existsSync } from 'node:fs';
import path from 'node:path';

function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

export const PROJECT_ROOT = findRoot(import.meta.dirname);
