import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import { DASHBOARD_SECURITY_HEADERS } from './server/security-headers';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;
const port = Number(process.env.WEB_PORT ?? 5173);

// The API serves its routes at the root (/auth/login, /org, ...); the browser calls them under /api.
const proxy: Record<string, ProxyOptions> = {
  '/api': {
    target: apiTarget,
    rewrite: (path) => path.replace(/^\/api(?=\/|$)/, '') || '/',
    // The API keys its rate limits by client address: it believes this header from a loopback proxy (TRUST_PROXY).
    xfwd: true,
  },
};

/**
 * Vendor chunks, so a deploy that changes only the app's code keeps the browser's cached libraries. Only packages
 * a chunk needs whole are grouped: grouping Chakra or Zag would pull components only lazy pages use into the first
 * page. The chart library and what only it uses stay behind the Dashboard's lazy charts (scripts/bench-bundle.ts).
 */
const VENDOR_CHUNKS: [chunk: string, packages: RegExp][] = [
  ['react', /^(react|react-dom|scheduler|react-is|use-sync-external-store)$/],
  ['router', /^react-router$/],
  ['zod', /^zod$/],
  [
    'charts',
    /^(recharts|d3-[a-z-]+|victory-vendor|@reduxjs\/toolkit|redux|redux-thunk|react-redux|reselect|immer|es-toolkit|decimal\.js-light|eventemitter3|tiny-invariant)$/,
  ],
];

export function vendorChunk(id: string): string | undefined {
  const match = /.*[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(id);
  const name = match?.[1]?.replace(/\\/g, '/');
  return name ? VENDOR_CHUNKS.find(([, packages]) => packages.test(name))?.[0] : undefined;
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  // The API's request and answer schemas, shared with the server (pure zod); the only code outside web/ the app imports.
  resolve: { alias: { '@contracts': fileURLToPath(new URL('../domain/contracts', import.meta.url)) } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Which chunks each page loads, for scripts/bench-bundle.ts (the first page's gzipped JS budget).
    manifest: true,
    rollupOptions: { output: { manualChunks: vendorChunk } },
  },
  server: { host: '127.0.0.1', port, strictPort: true, proxy },
  preview: { host: '127.0.0.1', port, strictPort: true, proxy, headers: DASHBOARD_SECURITY_HEADERS },
});
