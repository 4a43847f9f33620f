import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * The embeddable widget, built after the dashboard into web/dist (scripts/build-web.ts), in two passes:
 * `--mode loader` builds widget.js (web/embed/loader; one IIFE file, a stable name the snippet points at) and
 * `--mode app` builds the iframe app (web/embed/app) under /embed/ with hashed assets. Neither empties web/dist.
 */
export default defineConfig(({ mode }) =>
  mode === 'loader'
    ? {
        build: {
          outDir: here('dist'),
          emptyOutDir: false,
          copyPublicDir: false,
          lib: { entry: here('embed/loader/widget.ts'), name: 'HomeAgentWidget', formats: ['iife'], fileName: () => 'widget.js' },
        },
      }
    : {
        root: here('embed/app'),
        base: '/embed/',
        plugins: [react()],
        resolve: { alias: { '@contracts': here('../domain/contracts') } },
        build: { outDir: here('dist/embed'), emptyOutDir: true, copyPublicDir: false },
      },
);
