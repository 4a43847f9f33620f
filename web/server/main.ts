import path from 'node:path';
import { createDashboardServer } from './dashboard-server';
import { parseStorageOrigins } from './security-headers';

// The dashboard in production (`npm start`, compose): web/dist served by a small Express server that also proxies
// /api to the API. WEB_PORT, WEB_HOST, API_PROXY_TARGET (else the API on API_PORT at 127.0.0.1), WEB_DIST_DIR,
// STORAGE_ORIGINS (the S3 bucket's and CDN's origins, with STORAGE_ADAPTER=s3).
const port = Number(process.env.WEB_PORT ?? 5173);
const host = process.env.WEB_HOST ?? '127.0.0.1';
const apiTarget = process.env.API_PROXY_TARGET ?? `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;
const distDir = path.resolve(process.env.WEB_DIST_DIR ?? path.join(process.cwd(), 'web', 'dist'));
let storageOrigins: string[];
try {
  storageOrigins = parseStorageOrigins(process.env.STORAGE_ORIGINS);
} catch (err) {
  process.stderr.write(`${(err as Error).message}\n`);
  process.exit(78); // EX_CONFIG, as the API does for a bad variable
}

const server = createDashboardServer({ distDir, apiTarget, storageOrigins }).listen(port, host, () => {
  console.log(JSON.stringify({ level: 30, service: 'web', msg: 'dashboard serving', url: `http://${host}:${port}`, apiTarget, distDir }));
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.close(() => process.exit(0)));
