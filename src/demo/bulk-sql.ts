// Inserts many rows in one statement: the rows travel as a single JSON parameter that PostgreSQL expands
// with json_populate_recordset (much faster than one bound parameter per value).
import type { Prisma } from '../generated/prisma/client.ts';
import type { Row } from './bulk-rows.ts';

type Tx = Prisma.TransactionClient;

/** Tables whose updatedAt Prisma sets on the client side (the column has no default). */
const HAS_UPDATED_AT = new Set(['Development', 'Property', 'Listing', 'OpenDaySlot']);

function insertSql(table: string, columns: string[], returning: string): string {
  const list = columns.map((c) => `"${c}"`).join(', ');
  const stamp = HAS_UPDATED_AT.has(table) ? ', "updatedAt"' : '';
  return `INSERT INTO "${table}" (${list}${stamp})
          SELECT ${list}${stamp ? ', CURRENT_TIMESTAMP' : ''} FROM json_populate_recordset(NULL::"${table}", $1::json)${returning}`;
}

/** Inserts the rows (all with the same keys, which name the columns) and returns id by externalRef. */
export async function insertReturningIds(tx: Tx, table: string, rows: Row[]): Promise<Map<string, number>> {
  if (rows.length === 0) return new Map();
  const sql = insertSql(table, Object.keys(rows[0]!), ' RETURNING id, "externalRef"');
  const out = await tx.$queryRawUnsafe<{ id: number; externalRef: string }[]>(sql, JSON.stringify(rows));
  return new Map(out.map((r) => [r.externalRef, r.id]));
}

export async function insertRows(tx: Tx, table: string, rows: Row[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.$executeRawUnsafe(insertSql(table, Object.keys(rows[0]!), ''), JSON.stringify(rows));
}
