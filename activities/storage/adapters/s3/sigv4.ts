import { createHash, createHmac } from 'node:crypto';

// AWS Signature Version 4 for query-string (presigned) requests, written from AWS's documentation
// ("Authenticating Requests: Using Query Parameters (AWS Signature Version 4)") and tested against its example.
// Only what a presigned S3 request needs: the payload is UNSIGNED-PAYLOAD, as S3 allows for presigned URLs.

export interface SigV4Credentials {
  accessKeyId: string;
  secretAccessKey: string;
}

export interface PresignInput {
  method: 'GET' | 'PUT';
  /** The full URL of the object, without query (https://bucket.s3.region.amazonaws.com/key or a path-style one). */
  url: URL;
  region: string;
  service?: string;
  credentials: SigV4Credentials;
  /** Seconds the URL stays valid: 1 to 604800 (7 days), S3's limit. */
  expiresInSeconds: number;
  /** Headers the request must carry exactly (lower-cased names); host is always signed. */
  signedHeaders?: Record<string, string>;
  now: Date;
}

/** RFC 3986 encoding as SigV4 wants it: every byte but A-Z a-z 0-9 - _ . ~ (and '/' when encoding a path). */
export function awsUriEncode(value: string, keepSlash = false): string {
  return Array.from(Buffer.from(value, 'utf8'))
    .map((byte) => {
      const c = String.fromCharCode(byte);
      if (/[A-Za-z0-9\-_.~]/.test(c) || (keepSlash && c === '/')) return c;
      return `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');
}

const sha256Hex = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/** 20130524T000000Z */
export const amzDate = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** The host header as a client sends it: the port only when it is not the scheme's default (URL drops defaults). */
const hostOf = (url: URL) => url.host;

export function canonicalQueryString(params: [string, string][]): string {
  return params
    .map(([k, v]) => [awsUriEncode(k), awsUriEncode(v)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

export function canonicalRequest(input: {
  method: string;
  /** The path as it appears on the wire (already URI-encoded). */
  encodedPath: string;
  query: [string, string][];
  headers: Record<string, string>;
}): { text: string; signedHeaders: string } {
  const names = Object.keys(input.headers)
    .map((h) => h.toLowerCase())
    .sort();
  const lower = Object.fromEntries(Object.entries(input.headers).map(([k, v]) => [k.toLowerCase(), v]));
  const canonicalHeaders = names.map((n) => `${n}:${lower[n].trim().replace(/\s+/g, ' ')}\n`).join('');
  const signedHeaders = names.join(';');
  const text = [input.method, input.encodedPath || '/', canonicalQueryString(input.query), canonicalHeaders, signedHeaders, 'UNSIGNED-PAYLOAD'].join('\n');
  return { text, signedHeaders };
}

export function signingKey(secretAccessKey: string, date: string, region: string, service: string): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, date), region), service), 'aws4_request');
}

export function stringToSign(timestamp: string, scope: string, canonical: string): string {
  return ['AWS4-HMAC-SHA256', timestamp, scope, sha256Hex(canonical)].join('\n');
}

export function signature(secretAccessKey: string, timestamp: string, region: string, service: string, canonical: string): string {
  const date = timestamp.slice(0, 8);
  const scope = `${date}/${region}/${service}/aws4_request`;
  return createHmac('sha256', signingKey(secretAccessKey, date, region, service))
    .update(stringToSign(timestamp, scope, canonical), 'utf8')
    .digest('hex');
}

/** A presigned URL: the X-Amz-* query parameters AWS documents, the signature last. */
export function presignUrl(input: PresignInput): URL {
  if (!Number.isInteger(input.expiresInSeconds) || input.expiresInSeconds < 1 || input.expiresInSeconds > 604_800) {
    throw new Error('expiresInSeconds must be a whole number from 1 to 604800');
  }
  const service = input.service ?? 's3';
  const timestamp = amzDate(input.now);
  const scope = `${timestamp.slice(0, 8)}/${input.region}/${service}/aws4_request`;
  const headers = { host: hostOf(input.url), ...(input.signedHeaders ?? {}) };
  const signedHeaderNames = Object.keys(headers)
    .map((h) => h.toLowerCase())
    .sort()
    .join(';');
  const query: [string, string][] = [
    ['X-Amz-Algorithm', 'AWS4-HMAC-SHA256'],
    ['X-Amz-Credential', `${input.credentials.accessKeyId}/${scope}`],
    ['X-Amz-Date', timestamp],
    ['X-Amz-Expires', String(input.expiresInSeconds)],
    ['X-Amz-SignedHeaders', signedHeaderNames],
  ];
  const { text } = canonicalRequest({ method: input.method, encodedPath: input.url.pathname, query, headers });
  const sig = signature(input.credentials.secretAccessKey, timestamp, input.region, service, text);
  const url = new URL(input.url.toString());
  url.search = `${canonicalQueryString(query)}&X-Amz-Signature=${sig}`;
  return url;
}
