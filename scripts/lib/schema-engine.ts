// Prisma's schema engine, in its WebAssembly build, driven through the pg driver adapter.
// The Prisma CLI would download a native engine, which cannot be fetched everywhere; this does the
// same work offline: applies prisma/migrations (recorded in _prisma_migrations exactly as
// `prisma migrate deploy` does) and turns schema-to-schema diffs into migration SQL.
// Run with `node --experimental-wasm-modules`: older Node releases need it to import the WebAssembly
// module; recent Node 24 releases (24.21 checked) import it unflagged and still accept the flag.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { SchemaEngine, type MigrationList } from '@prisma/schema-engine-wasm';
import { PrismaPg } from '@prisma/adapter-pg';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import { PROJECT_ROOT } from '../../src/core/project-root.ts';

export const ROOT = PROJECT_ROOT;
export const SCHEMA_PATH = path.join(ROOT, 'prisma/schema.prisma');
export const MIGRATIONS_DIR = path.join(ROOT, 'prisma/migrations');
const NO_FILTER = { externalTables: [], externalEnums: [] };

/** Creates the database named in the URL when it does not exist yet. */
export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

export async function openEngine(url: string): Promise<SchemaEngine> {
  const schema = readFileSync(SCHEMA_PATH, 'utf8');
  const factory = bindMigrationAwareSqlAdapterFactory(new PrismaPg({ connectionString: url }));
  return SchemaEngine.new({ datamodels: [[SCHEMA_PATH, schema]] }, () => {}, factory);
}

export function loadMigrations(): MigrationList {
  const dirs = existsSync(MIGRATIONS_DIR)
    ? readdirSync(MIGRATIONS_DIR, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
        .sort()
    : [];
  const lockPath = path.join(MIGRATIONS_DIR, 'migration_lock.toml');
  return {
    baseDir: MIGRATIONS_DIR,
    lockfile: {
      path: 'migration_lock.toml',
      content: existsSync(lockPath) ? readFileSync(lockPath, 'utf8') : null,
    },
    shadowDbInitScript: '',
    migrationDirectories: dirs.map((dir) => ({
      path: dir,
      migrationFile: {
        path: 'migration.sql',
        content: { tag: 'ok', value: readFileSync(path.join(MIGRATIONS_DIR, dir, 'migration.sql'), 'utf8') },
      },
    })),
  };
}

export async function applyMigrations(url: string): Promise<string[]> {
  await ensureDatabase(url);
  const engine = await openEngine(url);
  try {
    const out = await engine.applyMigrations({ migrationsList: loadMigrations(), filters: NO_FILTER });
    return out.appliedMigrationNames;
  } finally {
    engine.free();
  }
}

/** SQL that turns a database shaped by `fromSchema` (null: empty) into one shaped by `toSchema`. */
export async function diffSql(url: string, fromSchema: string | null, toSchema: string): Promise<string> {
  await ensureDatabase(url);
  const engine = await openEngine(url);
  try {
    const result = await engine.diff({
      from: fromSchema === null ? { tag: 'empty' } : { tag: 'schemaDatamodel', files: [{ path: 'from.prisma', content: fromSchema }] },
      to: { tag: 'schemaDatamodel', files: [{ path: 'to.prisma', content: toSchema }] },
      script: true,
      exitCode: null,
      filters: NO_FILTER,
    });
    return result.stdout ?? '';
  } finally {
    engine.free();
  }
}
