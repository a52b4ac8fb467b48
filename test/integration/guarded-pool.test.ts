// The guarded pool's checked-out connections take one statement at a time: statements issued side by
// side (as Prisma's driver adapter issues a nested include's reads inside a transaction) reach
// node-postgres one after another, in the order issued, so that its deprecated query queue is never used.
import { expect } from 'chai';
import pg from 'pg';
import { DatabaseGuard } from '../../src/db/database-guard.ts';
import { guardPool } from '../../src/db/guarded-pool.ts';

/** node-postgres's own queue of statements waiting behind the one running (internal, pg 8) */
const queued = (client: pg.PoolClient) => (client as unknown as { queryQueue: unknown[] }).queryQueue.length;

describe('guarded pool connections', () => {
  let pool: pg.Pool;

  before(() => {
    pool = guardPool(new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 }), new DatabaseGuard());
  });

  after(() => pool.end());

  it('hands statements issued side by side to the connection one at a time, in order', async () => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const slow = client.query<{ n: number }>('SELECT 1 AS n FROM pg_sleep(0.1)');
      const next = client.query<{ n: number }>('SELECT 2 AS n');
      const last = client.query<{ n: number }>('SELECT 3 AS n');
      expect(queued(client), 'statements in node-postgres\'s own queue').to.equal(0);
      const results = await Promise.all([slow, next, last]);
      expect(results.map((r) => r.rows[0]!.n)).to.deep.equal([1, 2, 3]);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
  });

  it('runs the statements after a failed one, as the server would have them', async () => {
    const client = await pool.connect();
    try {
      const failed = client.query('SELECT no_such_column FROM pg_class');
      const after = client.query<{ n: number }>('SELECT 4 AS n');
      const error = await failed.then(() => null, (err: Error) => err);
      expect(error?.message).to.match(/no_such_column/);
      expect((await after).rows[0]!.n).to.equal(4);
    } finally {
      client.release();
    }
  });
});
