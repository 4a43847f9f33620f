import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient, Prisma } from './generated/client';

export type Db = PrismaClient;
export type Tx = Prisma.TransactionClient;
export { Prisma };

/** Prisma through the pg driver adapter: no Rust engine is needed at run time (prisma/README.md). */
export function createDb(databaseUrl: string, opts: { maxConnections?: number } = {}): Db {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString: databaseUrl, max: opts.maxConnections ?? 10 }) });
}
