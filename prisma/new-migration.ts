import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { MIGRATIONS_DIR } from './migrator';

// Generates the next migration from the change to schema.prisma since the last one, with Prisma's
// offline WASM differ. The snapshot records the datamodel the committed migrations produce.
const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error('usage: npm run migration:new <snake_case_name>');
  process.exit(2);
}
const snapshot = path.join(MIGRATIONS_DIR, 'schema.snapshot.prisma');
const schema = path.join(__dirname, 'schema.prisma');
const from = fs.existsSync(snapshot) ? ['--from-schema-datamodel', snapshot] : ['--from-empty'];
const sql = execFileSync('npx', ['prisma', 'migrate', 'diff', ...from, '--to-schema-datamodel', schema, '--script'], {
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'inherit'],
});
if (!/\b(CREATE|ALTER|DROP)\b/.test(sql)) {
  console.log('schema.prisma has no change since the last migration');
  process.exit(0);
}
const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
const dir = path.join(MIGRATIONS_DIR, `${stamp}_${name}`);
fs.mkdirSync(dir, { recursive: true });
fs.writeFileSync(path.join(dir, 'migration.sql'), sql);
fs.copyFileSync(schema, snapshot);
console.log(`wrote ${path.relative(process.cwd(), dir)}/migration.sql`);
