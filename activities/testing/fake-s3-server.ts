import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { timingSafeEqual } from 'node:crypto';
import { amzDate, canonicalRequest, signature } from '../storage/adapters/s3/sigv4';

/**
 * A local stand-in for S3's presigned object requests, for the s3 storage adapter's contract test: path-style
 * (/{bucket}/{key}), it checks a presigned PUT the way S3 documents (the X-Amz-* query, the credential scope, the
 * expiry, and the signature recomputed from the request as received: its raw path, its query, the signed headers'
 * values as they arrived) and stores the object. GETs are public reads. Failures answer S3's XML error codes.
 */
export interface FakeS3Server {
  url: string;
  objects: Map<string, { body: Buffer; contentType: string | undefined }>;
  /** What was refused, by S3 error code. */
  refusals: string[];
  close(): Promise<void>;
}

export async function startFakeS3Server(opts: { bucket: string; region: string; accessKeyId: string; secretAccessKey: string }): Promise<FakeS3Server> {
  const objects = new Map<string, { body: Buffer; contentType: string | undefined }>();
  const refusals: string[] = [];
  const fail = (res: http.ServerResponse, status: number, code: string, message: string) => {
    refusals.push(code);
    res.writeHead(status, { 'content-type': 'application/xml' });
    res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`);
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = req.url ?? '/';
      const [rawPath, rawQuery = ''] = raw.split('?', 2);
      const prefix = `/${opts.bucket}/`;
      if (!rawPath.startsWith(prefix)) return fail(res, 404, 'NoSuchBucket', 'The specified bucket does not exist');
      const key = decodeURIComponent(rawPath.slice(prefix.length));
      if (req.method === 'GET') {
        const object = objects.get(key);
        if (!object) return fail(res, 404, 'NoSuchKey', 'The specified key does not exist.');
        res.writeHead(200, { 'content-type': object.contentType ?? 'binary/octet-stream', 'content-length': object.body.length });
        return res.end(object.body);
      }
      if (req.method !== 'PUT') return fail(res, 405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');

      const query = new URLSearchParams(rawQuery);
      const given = query.get('X-Amz-Signature');
      const credential = query.get('X-Amz-Credential')?.split('/') ?? [];
      const date = query.get('X-Amz-Date') ?? '';
      const expires = Number(query.get('X-Amz-Expires'));
      const signedHeaders = (query.get('X-Amz-SignedHeaders') ?? '').split(';').filter(Boolean);
      if (query.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256' || !given || credential.length !== 5 || !/^\d{8}T\d{6}Z$/.test(date)) {
        return fail(res, 400, 'AuthorizationQueryParametersError', 'Query-string authentication version 4 requires the X-Amz-* parameters.');
      }
      const [accessKeyId, scopeDate, region, service, terminal] = credential;
      if (accessKeyId !== opts.accessKeyId) return fail(res, 403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
      if (scopeDate !== date.slice(0, 8) || region !== opts.region || service !== 's3' || terminal !== 'aws4_request') {
        return fail(res, 400, 'AuthorizationQueryParametersError', 'Error parsing the X-Amz-Credential parameter.');
      }
      if (!signedHeaders.includes('host')) return fail(res, 400, 'AuthorizationQueryParametersError', 'host must be a signed header.');
      const signedAt = Date.parse(
        `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}T${date.slice(9, 11)}:${date.slice(11, 13)}:${date.slice(13, 15)}Z`,
      );
      if (!(expires >= 1 && expires <= 604_800)) return fail(res, 400, 'AuthorizationQueryParametersError', 'X-Amz-Expires must be 1 to 604800.');
      if (Date.now() > signedAt + expires * 1000) return fail(res, 403, 'AccessDenied', 'Request has expired');

      const headers = Object.fromEntries(signedHeaders.map((name) => [name, String(req.headers[name] ?? '')]));
      const params = [...query.entries()].filter(([name]) => name !== 'X-Amz-Signature');
      const { text } = canonicalRequest({ method: req.method, encodedPath: rawPath, query: params, headers });
      const expected = Buffer.from(signature(opts.secretAccessKey, date, region, 's3', text), 'hex');
      const presented = Buffer.from(given, 'hex');
      if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) {
        return fail(res, 403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.');
      }
      objects.set(key, { body: Buffer.concat(chunks), contentType: req.headers['content-type'] });
      res.writeHead(200, { etag: `"${amzDate(new Date())}"` });
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    objects,
    refusals,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
