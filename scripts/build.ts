// npm run build: the reference portal (web/ into web/dist/, scripts/build-web.ts), then the service and the scripts an operator runs in production, bundled for plain `node`
// (no tsx) into dist/: dist/main.js and dist/scripts/<name>.js, ES modules sharing their code through
// dist/chunks/. Packages stay in node_modules; the build fails when a bundle imports one that is not a
// production dependency, since the image installs only those. Data files (es-mappings/, prisma/) are
// read from the project root at run time (src/core/project-root.ts).
import { readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';
import { PROJECT_ROOT } from '../src/core/project-root.ts';
import { buildWeb } from './build-web.ts';

// imported only in development, by a dynamic import behind a setting production never has: the local
// mailbox (src/mail/mailbox.ts, LOCAL_MAILBOX=true from npm start)
const DEVELOPMENT_ONLY = new Set(['maildev']);

/** output name (under dist/, without .js) → source */
const ENTRY_POINTS: Record<string, string> = {
  main: 'src/main.ts',
  'scripts/migrate': 'scripts/migrate.ts',
  'scripts/load-reference-data': 'scripts/load-reference-data.ts',
  'scripts/import-postcodes': 'scripts/import-postcodes.ts',
  'scripts/load-national-postcodes': 'scripts/load-national-postcodes.ts',
  'scripts/import-content': 'scripts/import-content.ts',
  'scripts/reindex': 'scripts/reindex.ts',
  'scripts/index-check': 'scripts/index-check.ts',
  'scripts/create-api-account': 'scripts/create-api-account.ts',
  'scripts/seed': 'scripts/seed.ts',
};

const OUT_DIR = path.join(PROJECT_ROOT, 'dist');

/** `@scope/name/sub/path` → `@scope/name`, `name/sub` → `name` */
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

async function main(): Promise<void> {
  rmSync(OUT_DIR, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: PROJECT_ROOT,
    entryPoints: Object.entries(ENTRY_POINTS).map(([out, source]) => ({ in: source, out })),
    outdir: OUT_DIR,
    bundle: true,
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    keepNames: true,
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
  });

  const manifest = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  const builtins = new Set(builtinModules);
  const imported = new Set(
    Object.values(result.metafile.outputs).flatMap((output) => output.imports.filter((i) => i.external).map((i) => i.path)),
  );
  const notProduction = [...imported].filter(
    (specifier) =>
      !specifier.startsWith('node:') && !builtins.has(specifier) && !(packageOf(specifier) in manifest.dependencies) && !DEVELOPMENT_ONLY.has(packageOf(specifier)),
  );
  if (notProduction.length) {
    console.error(`the build imports packages that are not production dependencies: ${notProduction.join(', ')}`);
    process.exit(1);
  }
  console.log(`built ${Object.keys(ENTRY_POINTS).length} entry points into ${path.relative(process.cwd(), OUT_DIR) || '.'}/`);
}

await buildWeb();

await main();
