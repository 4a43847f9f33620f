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
