import path from 'node:path';
import express, { type Express } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { dashboardSecurityHeaders } from './security-headers';
import { widgetEmbedRouter } from './widget-embed';

export interface DashboardServerOptions {
  /** The dashboard Vite built (web/dist). */
  distDir: string;
  /** Where the API listens; the browser calls it under /api on the dashboard's own origin. */
  apiTarget: string;
  /** Origins of uploaded files off the API (an S3 bucket, its CDN): allowed in connect-src and img-src. */
  storageOrigins?: readonly string[];
}

/**
 * The built dashboard as static files, and the API under /api (the prefix stripped, as the API serves its routes
 * at the root). Hashed assets are cached for good; index.html never, so a deploy shows at the next load. Any other
 * path is a page of the app: index.html, which routes in the browser.
 */
export function createDashboardServer({ distDir, apiTarget, storageOrigins = [] }: DashboardServerOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.use(
    '/api',
    createProxyMiddleware({
      target: apiTarget,
      // The API keys its rate limits by client address: it believes X-Forwarded-For from a loopback proxy (TRUST_PROXY).
      xfwd: true,
      // Live call updates are a long-lived event stream: no buffering, no timeout.
      proxyTimeout: 0,
    }),
  );
  // The website widget, before the dashboard's headers: its app page is framed by the widget's sites.
  app.use(widgetEmbedRouter({ distDir, apiTarget }));
  const headers = dashboardSecurityHeaders(storageOrigins);
  app.use((_req, res, next) => {
    res.set(headers);
    next();
  });
  app.use('/assets', express.static(path.join(distDir, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false }));
  app.use(express.static(distDir, { index: false, maxAge: 0 }));
  app.get(/.*/, (_req, res) => {
    res.set('Cache-Control', 'no-cache');
    res.sendFile(path.join(distDir, 'index.html'));
  });
  return app;
}
