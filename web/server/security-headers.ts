/**
 * The built dashboard's Content-Security-Policy and security headers, sent by the dashboard server (and by vite
 * preview; the dev server does not send them, its hot reload injects inline scripts). Scripts only from the
 * bundle; Chakra's emotion injects <style> elements at run time, hence style-src 'unsafe-inline'; the favicon is a
 * data: URL; the API and recordings are same-origin under /api.
 */
export function dashboardCsp(storageOrigins: readonly string[] = []): string {
  const extra = storageOrigins.map((o) => ` ${o}`).join('');
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data:${extra}`,
    "font-src 'self' data:",
    `connect-src 'self'${extra}`,
    "media-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The dashboard's headers. `storageOrigins` (STORAGE_ORIGINS) are where uploaded files live when they are not on the
 * API (STORAGE_ADAPTER=s3): the page PUTs a widget's logo to the bucket's presigned URL and shows it from the bucket
 * or its CDN, so those origins join connect-src and img-src.
 */
export function dashboardSecurityHeaders(storageOrigins: readonly string[] = []): Record<string, string> {
  return {
    'Content-Security-Policy': dashboardCsp(storageOrigins),
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
}

export const DASHBOARD_SECURITY_HEADERS: Record<string, string> = dashboardSecurityHeaders();

/** STORAGE_ORIGINS: comma-separated `https://host[:port]` origins; anything else stops the server with the variable named. */
export function parseStorageOrigins(raw: string | undefined): string[] {
  const origins = (raw ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  for (const o of origins) {
    let url: URL | undefined;
    try {
      url = new URL(o);
    } catch {
      url = undefined;
    }
    if (!url || !['https:', 'http:'].includes(url.protocol) || url.origin !== o) {
      throw new Error(`STORAGE_ORIGINS: "${o}" is not an origin (scheme://host[:port], no path)`);
    }
  }
  return origins;
}

/**
 * The widget app's page (/embed/, web/embed/app): framed by the widget's own sites only (frame-ancestors, which the
 * browser enforces before the app runs), so no X-Frame-Options. React sets the widget's colours through the style
 * property, which CSP does not govern, so style-src needs no 'unsafe-inline'; a logo may be on any https host
 * (an S3 bucket or CDN).
 */
export function widgetAppHeaders(frameAncestors: readonly string[]): Record<string, string> {
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' https: data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors.length ? frameAncestors.join(' ') : "'none'"}`,
  ].join('; ');
  return { 'Content-Security-Policy': csp, 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer' };
}
