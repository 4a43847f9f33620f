import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { vendorChunk } from './vite.config';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * One of the bundle floor's pages (web/src/bundle-floor; FLOOR_PAGE=declarative or data-router), built alone and
 * like the dashboard, for scripts/bench-bundle.ts. Alone, so the router's chunk holds only what that page uses.
 */
const page = process.env.FLOOR_PAGE ?? 'declarative';

export default defineConfig({
  root: here('bundle-floor'),
  plugins: [react()],
  build: {
    outDir: here('dist-floor'),
    emptyOutDir: true,
    rollupOptions: { input: here(`bundle-floor/${page}.html`), output: { manualChunks: vendorChunk } },
  },
});
