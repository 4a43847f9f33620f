import { WIDGET_UPLOAD_CONTENT_TYPES, WIDGET_UPLOAD_MAX_BYTES } from '@contracts/widget.contract';

/** What the file input accepts: the API's list (SVG is refused there, since it can carry script). */
export const LOGO_ACCEPT = WIDGET_UPLOAD_CONTENT_TYPES.join(',');

export type LogoContentType = (typeof WIDGET_UPLOAD_CONTENT_TYPES)[number];

export const isLogoContentType = (type: string): type is LogoContentType => (WIDGET_UPLOAD_CONTENT_TYPES as readonly string[]).includes(type);

/** Why this file cannot be a logo, before anything is sent; null when it can. */
export function logoFileProblem(file: { type: string; size: number }): string | null {
  if (!isLogoContentType(file.type)) return 'The logo must be a PNG, JPEG, WebP or GIF image.';
  if (file.size === 0) return 'The file is empty.';
  if (file.size > WIDGET_UPLOAD_MAX_BYTES) return `The logo must be at most 2 MB (this file is ${(file.size / 1024 / 1024).toFixed(1)} MB).`;
  return null;
}

/** A safe file name for the upload's key (letters, digits, dots, underscores, dashes), keeping the extension. */
export function logoKey(name: string): string {
  const cleaned = name
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[^A-Za-z0-9]+/, '')
    .slice(-80);
  return cleaned || 'logo';
}

// The local storage adapter's routes on the API (activities/storage/adapters/local): the key (widgets/{orgId}/…) is one encoded segment.
const LOCAL_STORAGE_PATH = /\/storage\/(upload|files)\/widgets%2F[^/]+$/;

/**
 * The local storage adapter answers URLs on the API's own public origin; the dashboard's CSP allows only its own
 * origin (connect-src, img-src), and reaches the API under /api. So such a URL is used through /api from the page;
 * any other URL (an S3 bucket or CDN) is returned as it is. The saved logo_url stays the absolute URL, which the
 * widget on the business's website needs.
 */
export function throughDashboardApi(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  const match = LOCAL_STORAGE_PATH.exec(parsed.pathname);
  if (!match) return url;
  return `/api${parsed.pathname.slice(match.index)}${parsed.search}`;
}
