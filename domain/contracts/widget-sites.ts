// Where a website widget may be used (issue 15 point 7): its allowed sites, derived from the widget's business
// website, and the site a visitor's request comes from. Pure and zod-free: the widget's loader, its iframe app, the
// dashboard server (frame-ancestors of the app page) and the API's visitor routes all apply this one rule.

/** An exact http(s) origin (scheme, host, port; no path), or null. */
export function parseOrigin(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin === value ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * The sites a widget may be embedded on: the origin of its business website, and that site with or without its
 * "www." (a contractor's site answers on both). No business website, no site.
 */
export function widgetSiteOrigins(businessWebsite: string | null | undefined): string[] {
  if (!businessWebsite) return [];
  let url: URL;
  try {
    url = new URL(businessWebsite);
  } catch {
    return [];
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return [];
  const bare = url.hostname.startsWith('www.');
  const literal = /^[\d.]+$|^\[|^localhost$/.test(url.hostname);
  const sibling = bare ? url.hostname.slice(4) : literal ? null : `www.${url.hostname}`;
  const origins = [url.origin];
  if (sibling) origins.push(`${url.protocol}//${sibling}${url.port ? `:${url.port}` : ''}`);
  return origins;
}

export interface VisitorRequestOrigins {
  /** The request's Origin header. */
  origin: string | undefined;
  /** Its Referer header. */
  referer: string | undefined;
  /** X-Widget-Parent-Origin: the host page's origin as the widget app reports it. */
  parentOrigin: string | undefined;
  /** The origin the widget app is served from (the dashboard's). */
  appOrigin: string;
}

/**
 * The site a visitor's request comes from. From the widget app (Origin is the app's own), the parent origin it
 * reports: the app sets it from the loader's parameter, and the browser lets only the widget's sites frame the app
 * (frame-ancestors). From any other page, its Origin (or Referer). 'unknown' when a request names no site at all
 * (not a browser: such a client can claim any site, so there is nothing to check).
 */
export function visitorSite(r: VisitorRequestOrigins): string | null | 'unknown' {
  const origin = parseOrigin(r.origin);
  if (origin === r.appOrigin) return parseOrigin(r.parentOrigin);
  if (origin) return origin;
  if (r.origin) return null; // "null" (a sandboxed or file: page) or garbage
  if (r.referer) {
    try {
      const referer = new URL(r.referer).origin;
      return referer === r.appOrigin ? parseOrigin(r.parentOrigin) : parseOrigin(referer);
    } catch {
      return null;
    }
  }
  return 'unknown';
}
