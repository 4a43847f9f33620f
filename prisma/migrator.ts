import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { Client } from 'pg';

export const MIGRATIONS_DIR = path.join(__dirname, 'migrations');
export const MIGRATIONS_TABLE = '_homeagent_migrations';
const LOCK_KEY = 7_246_001; // any constant shared by every process that migrates this database

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(dir, d.name, 'migration.sql')))
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const sql = fs.readFileSync(path.join(dir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    });
}

/**
 * Applies pending migrations in name order, each in its own transaction, under an advisory lock so
 * concurrent starters (API, worker, projectors, tests) cannot race. An edited applied migration is
 * an error, not something to paper over. Returns the names applied by this call.
 */
export async function applyMigrations(databaseUrl: string, migrations = readMigrations()): Promise<string[]> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE} (name TEXT PRIMARY KEY, checksum TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`,
    );
    const { rows } = await client.query<{ name: string; checksum: string }>(`SELECT name, checksum FROM ${MIGRATIONS_TABLE}`);
    const done = new Map(rows.map((r) => [r.name, r.checksum]));
    for (const m of migrations) {
      const previous = done.get(m.name);
      if (previous !== undefined) {
        if (previous !== m.checksum) throw new Error(`Migration ${m.name} was edited after it was applied; add a new migration instead`);
        continue;
      }
      try {
        await client.query('BEGIN');
        await client.query(m.sql);
        await client.query(`INSERT INTO ${MIGRATIONS_TABLE} (name, checksum) VALUES ($1, $2)`, [m.name, m.checksum]);
        await client.query('COMMIT');
        applied.push(m.name);
      } catch (err) {
        await client.query('ROLLBACK');
        throw new Error(`Migration ${m.name} failed and was rolled back: ${(err as Error).message}`);
      }
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]).catch(() => undefined);
    await client.end();
  }
  return applied;
}
