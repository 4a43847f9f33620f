import { createHash } from 'node:crypto';
import path from 'node:path';
import express, { type Router } from 'express';

const BOOT = `window.ui = SwaggerUIBundle({ url: 'openapi.json', dom_id: '#docs', deepLinking: true });`;

// Relative URLs on purpose: the page works both at /docs and behind the dashboard's /api proxy.
const PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>HomeAgent API</title><link rel="stylesheet" href="docs/swagger-ui.css"></head>
<body><div id="docs"></div>
<script src="docs/swagger-ui-bundle.js"></script>
<script>${BOOT}</script>
</body></html>`;

/**
 * The page's own CSP, in place of the API's default-src 'none': Swagger UI's files from here, its one inline
 * script by hash, the data: images it renders, and "Try it out" calls to this origin.
 */
export const DOCS_CSP = [
  "default-src 'self'",
  `script-src 'self' 'sha256-${createHash('sha256').update(BOOT).digest('base64')}'`,
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The browsable API reference: Swagger UI over /openapi.json. */
export function docsRouter(): Router {
  const router = express.Router();
  const assets = path.dirname(require.resolve('swagger-ui-dist/package.json'));
  router.get('/docs', (_req, res) => void res.set('Content-Security-Policy', DOCS_CSP).type('html').send(PAGE));
  router.use('/docs', express.static(assets, { index: false, maxAge: '1h' }));
  return router;
}
