import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;
const port = Number(process.env.WEB_PORT ?? 5173);

// The API serves its routes at the root (/auth/login, /org, ...); the browser calls them under /api.
const proxy: Record<string, ProxyOptions> = {
  '/api': {
    target: apiTarget,
    rewrite: (path) => path.replace(/^\/api(?=\/|$)/, '') || '/',
  },
};

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  // The API's request and answer schemas, shared with the server (pure zod); the only code outside web/ the app imports.
  resolve: { alias: { '@contracts': fileURLToPath(new URL('../domain/contracts', import.meta.url)) } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // React, Chakra UI and zod make a ~660 kB vendor chunk (190 kB gzipped), needed by every page.
    chunkSizeWarningLimit: 800,
    rollupOptions: {
      // Libraries change less often than the app; a separate chunk stays cached across deploys.
      output: { manualChunks: (id) => (id.includes('node_modules') ? 'vendor' : undefined) },
    },
  },
  server: { host: '127.0.0.1', port, strictPort: true, proxy },
  preview: { host: '127.0.0.1', port, strictPort: true, proxy },
});
