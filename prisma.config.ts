import path from 'node:path';
import { defineConfig } from 'prisma/config';
import { PrismaPg } from '@prisma/adapter-pg';
import { loadConfig } from './config/env';

// The CLI reads env("DATABASE_URL") while it inspects the schema, even for `generate`.
process.env.DATABASE_URL ??= loadConfig().databaseUrl;

// Prisma's Rust engines cannot be downloaded here, so the CLI runs its JS/WASM engine through the pg
// driver adapter. Migrations are applied by prisma/migrate.ts, not `migrate deploy` (prisma/orm#27403).
export default defineConfig({
  engine: 'js',
  experimental: { adapter: true },
  schema: path.join('prisma', 'schema.prisma'),
  async adapter() {
    return new PrismaPg({ connectionString: loadConfig().databaseUrl });
  },
});
