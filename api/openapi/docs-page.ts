import path from 'node:path';
import express, { type Router } from 'express';

// Relative URLs on purpose: the page works both at /docs and behind the dashboard's /api proxy.
const PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>HomeAgent API</title><link rel="stylesheet" href="docs/swagger-ui.css"></head>
<body><div id="docs"></div>
<script src="docs/swagger-ui-bundle.js"></script>
<script>window.ui = SwaggerUIBundle({ url: 'openapi.json', dom_id: '#docs', deepLinking: true });</script>
</body></html>`;

/** The browsable API reference: Swagger UI over /openapi.json. */
export function docsRouter(): Router {
  const router = express.Router();
  const assets = path.dirname(require.resolve('swagger-ui-dist/package.json'));
  router.get('/docs', (_req, res) => void res.type('html').send(PAGE));
  router.use('/docs', express.static(assets, { index: false, maxAge: '1h' }));
  return router;
}
