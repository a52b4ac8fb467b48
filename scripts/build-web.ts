// npm run build:web: builds the reference portal (web/) into web/dist/, which the service serves at `/`.
//   1. generates web/src/api-types.ts from the OpenAPI document (scripts/generate-api-types.ts);
//   2. type-checks web/ (tsc -p web);
//   3. bundles with Vite;
//   4. prints the JavaScript each page sends, gzipped, and fails when the search page's is over its
//      budget of 150 KB.
// With --if-needed it does nothing when web/dist/ was built from the same sources (a hash of web/, the
// generated types and the lockfile), as npm start and npm test call it.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { PROJECT_ROOT } from '../src/core/project-root.ts';
import { generateApiTypes } from './generate-api-types.ts';

const WEB = path.join(PROJECT_ROOT, 'web');
const DIST = path.join(WEB, 'dist');
const STAMP = path.join(DIST, '.build-hash');
/** the search page's JavaScript, gzipped */
export const SEARCH_PAGE_BUDGET = 150 * 1024;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (file === DIST || name === 'node_modules') return [];
    return statSync(file).isDirectory() ? sourceFiles(file) : [file];
  });
}

function sourceHash(): string {
  const hash = createHash('sha256');
  for (const file of [...sourceFiles(WEB), path.join(PROJECT_ROOT, 'package-lock.json')].sort()) {
    hash.update(path.relative(PROJECT_ROOT, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

/** the gzipped bytes of a chunk with everything it imports statically (what loading it costs) */
function chunkClosure(manifest: Record<string, ManifestChunk>, keys: string[]): Set<string> {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return files;
}

const gzipped = (file: string) => gzipSync(readFileSync(path.join(DIST, file)), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** the JavaScript sent for each page, gzipped: the entry with its imports, plus the page's own chunk */
export function pageSizes(): Record<string, number> {
  const manifest = JSON.parse(readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
  const pages: Record<string, string[]> = { 'search page (/search)': [entry] };
  for (const key of Object.keys(manifest)) {
    const page = /src\/pages\/(\w+)\.tsx$/.exec(key)?.[1];
    if (page && !manifest[entry]!.imports?.includes(key) && key !== entry) pages[`${page} page`] = [entry, key];
  }
  return Object.fromEntries(
    Object.entries(pages).map(([name, keys]) => [
      name,
      [...chunkClosure(manifest, keys)].filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gzipped(f), 0),
    ]),
  );
}

export async function buildWeb(options: { ifNeeded?: boolean } = {}): Promise<void> {
  await generateApiTypes();
  const hash = sourceHash();
  if (options.ifNeeded && existsSync(STAMP) && readFileSync(STAMP, 'utf8') === hash) {
    console.log('[web] web/dist is up to date');
    return;
  }
  console.log('[web] type-checking web/');
  execFileSync(process.execPath, [path.join(PROJECT_ROOT, 'node_modules/typescript/bin/tsc'), '-p', path.join(WEB, 'tsconfig.json')], {
    stdio: 'inherit',
  });
  const { build } = await import('vite');
  await build({ configFile: path.join(WEB, 'vite.config.ts'), logLevel: 'warn' });
  writeFileSync(STAMP, hash);
  const sizes = pageSizes();
  for (const [page, bytes] of Object.entries(sizes)) console.log(`[web] ${page}: ${kb(bytes)} of JavaScript, gzipped`);
  const search = sizes['search page (/search)']!;
  if (search > SEARCH_PAGE_BUDGET) {
    console.error(`[web] the search page sends ${kb(search)} of JavaScript, over its budget of ${kb(SEARCH_PAGE_BUDGET)}`);
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildWeb({ ifNeeded: process.argv.includes('--if-needed') });
}
