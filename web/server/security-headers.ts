/**
 * The built dashboard's Content-Security-Policy and security headers, sent by the dashboard server (and by vite
 * preview; the dev server does not send them, its hot reload injects inline scripts). Scripts only from the
 * bundle; Chakra's emotion injects <style> elements at run time, hence style-src 'unsafe-inline'; the favicon is a
 * data: URL; the API and recordings are same-origin under /api.
 */
export const DASHBOARD_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "media-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const DASHBOARD_SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': DASHBOARD_CSP,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

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
