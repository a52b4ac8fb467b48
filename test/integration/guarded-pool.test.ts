// The guarded pool's checked-out connections take one statement at a time: statements issued side by
// side (as Prisma's driver adapter issues a nested include's reads inside a transaction) reach
// node-postgres one after another, in the order issued, so that its deprecated query queue is never used.
import { expect } from 'chai';
import pg from 'pg';
import { DatabaseGuard } from '../../src/db/database-guard.ts';
import { guardPool } from '../../src/db/guarded-pool.ts';

describe('guarded pool connections', () => {
  let pool: pg.Pool;
  /** the most statements node-postgres held at once on one connection */
  let mostAtOnce = 0;

  before(() => {
    const raw = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
    // each new connection's own query(), as node-postgres gives it, counted before the guard wraps it
    raw.on('connect', (client) => {
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      let atOnce = 0;
      (client as { query: unknown }).query = (...args: unknown[]) => {
        const result = query(...args);
        if (!(result instanceof Promise)) return result;
        mostAtOnce = Math.max(mostAtOnce, ++atOnce);
        return result.finally(() => atOnce--);
      };
    });
    pool = guardPool(raw, new DatabaseGuard());
  });

  beforeEach(() => (mostAtOnce = 0));

  after(() => pool.end());

  it('hands statements issued side by side to the connection one at a time, in order', async () => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const results = await Promise.all([
        client.query<{ n: number }>('SELECT 1 AS n FROM pg_sleep(0.1)'),
        client.query<{ n: number }>('SELECT 2 AS n'),
        client.query<{ n: number }>('SELECT 3 AS n'),
      ]);
      await client.query('COMMIT');
      expect(results.map((r) => r.rows[0]!.n)).to.deep.equal([1, 2, 3]);
      expect(mostAtOnce, 'statements node-postgres held at once').to.equal(1);
    } finally {
      client.release();
    }
  });

  it('runs the statements after a failed one, as the server would have them', async () => {
    const client = await pool.connect();
    try {
      const failed = client.query('SELECT no_such_column FROM pg_class');
      const after = client.query<{ n: number }>('SELECT 4 AS n');
      const error = await failed.then(
        () => null,
        (err: Error) => err,
      );
      expect(error?.message).to.match(/no_such_column/);
      expect((await after).rows[0]!.n).to.equal(4);
      expect(mostAtOnce).to.equal(1);
    } finally {
      client.release();
    }
  });
});
