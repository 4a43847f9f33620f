import path from 'node:path';
import express, { type Request, type Router } from 'express';
import { widgetSiteOrigins } from '../embed/protocol';
import { DASHBOARD_SECURITY_HEADERS, widgetAppHeaders } from './security-headers';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SITES_TTL_MS = 30_000;

export interface WidgetEmbedOptions {
  distDir: string;
  apiTarget: string;
}

/**
 * The embeddable widget's files (web/vite.embed.config.ts): /widget.js, the loader the snippet names (a stable name,
 * so a short cache), the app's hashed assets under /embed/assets (cached for good), and the app's page /embed/,
 * whose frame-ancestors lists the sites of the widget it is asked for (read from the API's public widget view,
 * kept 30 s): another site's page cannot frame it.
 */
export function widgetEmbedRouter({ distDir, apiTarget }: WidgetEmbedOptions): Router {
  const router = express.Router();
  const sites = new Map<string, { at: number; origins: string[] }>();

  async function siteOrigins(widgetId: string, req: Request): Promise<string[]> {
    const cached = sites.get(widgetId);
    if (cached && Date.now() - cached.at < SITES_TTL_MS) return cached.origins;
    let origins: string[] = [];
    try {
      const res = await fetch(`${apiTarget}/widget/${widgetId}`, { headers: { 'x-forwarded-for': req.ip ?? '' }, signal: AbortSignal.timeout(5_000) });
      if (res.ok) origins = widgetSiteOrigins(((await res.json()) as { business_website?: string | null }).business_website);
      else if (res.status !== 404) return []; // not cached: a limit or an outage passes
    } catch {
      return [];
    }
    sites.set(widgetId, { at: Date.now(), origins });
    if (sites.size > 10_000) sites.delete(sites.keys().next().value!);
    return origins;
  }

  router.get('/widget.js', (_req, res, next) => {
    res.set({ 'Cache-Control': 'public, max-age=300', 'X-Content-Type-Options': 'nosniff', 'Cross-Origin-Resource-Policy': 'cross-origin' });
    res.sendFile(path.join(distDir, 'widget.js'), (err) => err && next());
  });
  router.use(
    '/embed/assets',
    (_req, res, next) => {
      res.set({ 'X-Content-Type-Options': 'nosniff', 'Cross-Origin-Resource-Policy': 'same-origin' });
      next();
    },
    express.static(path.join(distDir, 'embed', 'assets'), { immutable: true, maxAge: '1y', fallthrough: false }),
  );
  router.get(['/embed', '/embed/', '/embed/index.html'], async (req, res) => {
    const widgetId = typeof req.query.widgetId === 'string' && UUID.test(req.query.widgetId) ? req.query.widgetId : null;
    res.set('Cache-Control', 'no-store');
    if (!widgetId) {
      res.set(DASHBOARD_SECURITY_HEADERS).status(404).type('text/plain').send('No such widget');
      return;
    }
    res.set(widgetAppHeaders(await siteOrigins(widgetId, req)));
    res.sendFile(path.join(distDir, 'embed', 'index.html'));
  });
  return router;
}
