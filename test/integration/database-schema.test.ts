// Proves that prisma/migrations and prisma/schema.prisma describe the same database, and that the
// migrated test database serves every model.
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { applyMigrations, diffSql, ensureDatabase, ROOT, SCHEMA_PATH } from '../../scripts/lib/schema-engine.ts';
import { testApp } from '../support/test-app.ts';

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function recreate(url: string): Promise<void> {
  const admin = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await admin.connect();
  const name = new URL(url).pathname.slice(1);
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
  await ensureDatabase(url);
}

/** What the migrations write by hand, which schema.prisma cannot describe (Prisma has no INCLUDE, no rules). */
const HAND_WRITTEN_INDEXES = ['SavedSearch_area_covering_idx'];
const HAND_WRITTEN_RULES = ['SavedSearch_delete_matches'];

const CATALOG_QUERIES = {
  columns: `SELECT table_name, column_name, data_type, udt_name, is_nullable, column_default
            FROM information_schema.columns WHERE table_schema = 'public' AND table_name <> '_prisma_migrations'
            ORDER BY table_name, column_name`,
  indexes: `SELECT tablename, indexname, indexdef FROM pg_indexes
            WHERE schemaname = 'public' AND tablename <> '_prisma_migrations' ORDER BY tablename, indexname`,
  constraints: `SELECT c.conrelid::regclass::text AS tbl, c.conname, pg_get_constraintdef(c.oid) AS def
                FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
                WHERE n.nspname = 'public' AND c.conrelid::regclass::text <> '_prisma_migrations' ORDER BY 1, 2`,
  enums: `SELECT t.typname, e.enumlabel FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid ORDER BY 1, e.enumsortorder`,
};

async function catalog(url: string): Promise<Record<string, unknown[]>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const out: Record<string, unknown[]> = {};
    for (const [key, sql] of Object.entries(CATALOG_QUERIES)) out[key] = (await client.query(sql)).rows;
    return out;
  } finally {
    await client.end();
  }
}

async function rulesOf(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(`SELECT rulename FROM pg_rules WHERE schemaname = 'public' ORDER BY 1`)).rows.map((r) => r.rulename as string);
  } finally {
    await client.end();
  }
}

describe('database schema', function () {
  this.timeout(120_000);
  const baseUrl = process.env.DATABASE_URL!;
  const migratedUrl = withDatabase(baseUrl, `${new URL(baseUrl).pathname.slice(1)}_migrated`);
  const fromSchemaUrl = withDatabase(baseUrl, `${new URL(baseUrl).pathname.slice(1)}_fromschema`);

  after(async () => {
    for (const url of [migratedUrl, fromSchemaUrl]) {
      const admin = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "${new URL(url).pathname.slice(1)}" WITH (FORCE)`);
      await admin.end();
    }
  });

  it('has no change in schema.prisma that lacks a migration', async () => {
    const snapshot = readFileSync(path.join(ROOT, 'prisma/migrated.schema.prisma'), 'utf8');
    const sql = await diffSql(baseUrl, snapshot, readFileSync(SCHEMA_PATH, 'utf8'));
    expect(sql.trim()).to.match(/^-- This is an empty migration\.$/);
  });

  it('builds from the migrations exactly the database that schema.prisma describes', async () => {
    await recreate(migratedUrl);
    await recreate(fromSchemaUrl);
    const applied = await applyMigrations(migratedUrl);
    expect(applied.length).to.be.greaterThan(0);
    expect(await applyMigrations(migratedUrl), 'applying twice changes nothing').to.deep.equal([]);

    const sql = await diffSql(fromSchemaUrl, null, readFileSync(SCHEMA_PATH, 'utf8'));
    const client = new pg.Client({ connectionString: fromSchemaUrl });
    await client.connect();
    await client.query(sql);
    await client.end();

    const [migrated, fromSchema] = await Promise.all([catalog(migratedUrl), catalog(fromSchemaUrl)]);
    expect(migrated.columns).to.not.be.empty;
    const handWritten = (migrated.indexes as { indexname: string }[]).filter((i) => HAND_WRITTEN_INDEXES.includes(i.indexname));
    expect(handWritten.map((i) => i.indexname).sort(), 'hand-written indexes').to.deep.equal([...HAND_WRITTEN_INDEXES].sort());
    migrated.indexes = migrated.indexes!.filter((i) => !handWritten.includes(i as { indexname: string }));
    expect(migrated).to.deep.equal(fromSchema);
    expect(await rulesOf(migratedUrl), 'hand-written rules').to.deep.equal([...HAND_WRITTEN_RULES].sort());
    expect(await rulesOf(fromSchemaUrl)).to.deep.equal([]);
  });

  it('serves every Prisma model from the migrated test database', async () => {
    const { prisma } = testApp().runtime;
    const schema = readFileSync(SCHEMA_PATH, 'utf8');
    const models = [...schema.matchAll(/^model (\w+) \{/gm)].map((m) => m[1]!);
    expect(models).to.include('LocalAuthority');
    for (const model of models) {
      const delegate = (prisma as unknown as Record<string, { count(): Promise<number> }>)[model[0]!.toLowerCase() + model.slice(1)];
      expect(delegate, model).to.exist;
      expect(await delegate!.count(), model).to.be.a('number');
    }
  });
});
