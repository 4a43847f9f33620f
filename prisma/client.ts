import { PrismaPg } from '@prisma/adapter-pg';
import { Pool } from 'pg';
import { PrismaClient, Prisma } from './generated/client';

export type Db = PrismaClient;
export type Tx = Prisma.TransactionClient;
export { Prisma };

/** The pg pool under each client createDb made (the same connections Prisma uses). */
const pools = new WeakMap<object, Pool>();

/** Prisma through the pg driver adapter: no Rust engine is needed at run time (prisma/README.md). */
export function createDb(databaseUrl: string, opts: { maxConnections?: number } = {}): Db {
  const pool = new Pool({ connectionString: databaseUrl, max: opts.maxConnections ?? 10 });
  // An idle connection the server dropped (a restart) is an 'error' on the pool; the next checkout opens a new one.
  // Prisma's adapter listens too, but only once it has connected, and queryRows may use the pool before that.
  pool.on('error', () => undefined);
  const db = new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
  pools.set(db, pool);
  return db;
}

/**
 * A raw statement's rows straight from the pg pool under `db`, skipping Prisma's per-query work (its query compiler
 * and its value encoding), for the hottest reads (the Calls page). Values come back as pg gives them: write the
 * statement so they match what $queryRaw gives (cast counts to int; no numeric or bigint columns). Inside a
 * transaction, or on a client createDb did not make, it is $queryRaw.
 */
export async function queryRows<T>(db: Db | Tx, sql: Prisma.Sql): Promise<T[]> {
  const pool = pools.get(db);
  // Prisma ends the pool on $disconnect (and opens its own if the client is used again).
  if (!pool || pool.ending || pool.ended) return (db as Db).$queryRaw<T[]>(sql);
  return (await pool.query({ text: sql.text, values: sql.values as unknown[] })).rows as T[];
}
