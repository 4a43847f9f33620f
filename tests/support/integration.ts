import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { loadConfig, TEST_STACK_ENV, type AppConfig } from '../../config/env';
import { createLogger } from '../../lib/logger';
import { createDb, type Db } from '../../prisma/client';
import { applyMigrations } from '../../prisma/migrator';

/**
 * Integration tests run against the real servers `npm test` starts on the test ports
 * (`npm run test:stack` keeps them up for a developer iterating with `npx jest`).
 * Each test file gets its own database and its own Kafka topic and task-queue prefixes, so files
 * can run in parallel beside the product processes of the test stack.
 */
export function integrationConfig(overrides: Record<string, string> = {}): AppConfig {
  return loadConfig({ ...TEST_STACK_ENV, ...process.env, ...overrides });
}

export function uniqueName(label: string): string {
  return `${label}_${randomBytes(4).toString('hex')}`;
}

export const testLogger = createLogger('test', process.env.TEST_LOG_LEVEL ?? 'silent');

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export interface TestDatabase {
  url: string;
  db: Db;
  drop(): Promise<void>;
}

/** A fresh database; migrated unless told otherwise. Its pool holds 5 connections (TEST_DB_MAX_CONNECTIONS for a benchmark). */
export async function createTestDatabase(config: AppConfig, opts: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const name = uniqueName('t').toLowerCase();
  const admin = new Client({ connectionString: withDatabase(config.databaseUrl, 'postgres') });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(config.databaseUrl, name);
  if (opts.migrate !== false) await applyMigrations(url);
  const db = createDb(url, { maxConnections: Number(process.env.TEST_DB_MAX_CONNECTIONS ?? 5) });
  return {
    url,
    db,
    async drop() {
      await db.$disconnect();
      const c = new Client({ connectionString: withDatabase(config.databaseUrl, 'postgres') });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

export async function eventually<T>(check: () => Promise<T | undefined | null | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await check();
      if (v) return v;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms${last ? `: ${String(last)}` : ''}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
