// The node-postgres pool behind Prisma and the straight reads, put behind the database's circuit
// (database-guard.ts) and checked out safely: a connection opened before the server was last found out
// of reach is closed at checkout instead of being handed out, so a connection that died with the server
// never carries a statement; and a read that lost its connection is tried once more on a fresh one
// (it cannot have changed anything). Statements on one checked-out connection go to it one at a time:
// Prisma's driver adapter sends the reads of a nested include inside a transaction side by side on the
// transaction's connection, which node-postgres queues for now but deprecates (an error from pg 9).
import pg from 'pg';
import type { DatabaseGuard } from './database-guard.ts';
import { isDatabaseUnreachable } from './database-unavailable.ts';

const generationOf = new WeakMap<pg.PoolClient, number>();
const guarded = new WeakSet<pg.PoolClient>();

type Callback = (...args: unknown[]) => void;

const READ = /^\s*SELECT\b/i;
const LOCKING = /\bFOR\s+(UPDATE|NO\s+KEY\s+UPDATE|SHARE|KEY\s+SHARE)\b/i;

/** A statement that changes nothing, so that running it twice is harmless. */
function isPlainRead(args: unknown[]): boolean {
  const first = args[0];
  const text = typeof first === 'string' ? first : (first as { text?: unknown } | null)?.text;
  return typeof text === 'string' && READ.test(text) && !LOCKING.test(text);
}

export function guardPool(pool: pg.Pool, guard: DatabaseGuard): pg.Pool {
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;

  pool.on('connect', (client) => generationOf.set(client, guard.generation));
  // an idle connection the server closed: the pool has dropped it; the others of its generation follow at checkout
  pool.on('error', () => guard.connectionLost());

  async function checkOut(): Promise<pg.PoolClient> {
    // at most one stale connection per pool slot, then a new one
    for (let tries = 0; ; tries++) {
      const client = await connect();
      if ((generationOf.get(client) ?? -1) >= guard.generation || tries > (pool.options.max ?? 10)) return watched(client);
      client.release(new Error('opened before the server was last out of reach'));
    }
  }

  function watched(client: pg.PoolClient): pg.PoolClient {
    if (guarded.has(client)) return client;
    guarded.add(client);
    // a checked-out connection that loses its server between statements must not take the process down
    client.on('error', () => guard.connectionLost());
    const clientQuery = client.query.bind(client) as (...args: unknown[]) => unknown;
    // the statement before the last one handed over: the next waits for it to finish, failed or not
    let previous: Promise<unknown> = Promise.resolve();
    (client as { query: unknown }).query = (...args: unknown[]) => {
      if (args.some((a) => typeof a === 'function')) return clientQuery(...args);
      const run = previous.then(() => guard.run(() => clientQuery(...args) as Promise<unknown>));
      previous = run.catch(() => undefined);
      return run;
    };
    return client;
  }

  (pool as { connect: unknown }).connect = (callback?: Callback) => {
    if (!callback) return guard.run(checkOut);
    // the callback form, which the pool's own query() uses
    checkOut().then(
      (client) => callback(undefined, client, client.release),
      (err: unknown) => callback(err, undefined, () => undefined),
    );
    return undefined;
  };

  (pool as { query: unknown }).query = (...args: unknown[]) => {
    if (args.some((a) => typeof a === 'function')) return query(...args);
    return guard.run(async () => {
      try {
        return await query(...args);
      } catch (err) {
        if (!isDatabaseUnreachable(err) || !isPlainRead(args)) throw err;
        guard.connectionLost();
        return query(...args);
      }
    });
  };
  return pool;
}
