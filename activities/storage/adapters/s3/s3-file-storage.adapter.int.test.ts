import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startFakeS3Server, type FakeS3Server } from '../../../testing/fake-s3-server';
import { createS3FileStorage } from './s3-file-storage.adapter';

// The s3 adapter's presigned PUT URLs against a local fake S3 that checks SigV4 as S3 documents it and stores the object.

const CREDENTIALS = { accessKeyId: 'AKIDFAKES3TEST', secretAccessKey: 'fake-s3-secret-key-for-the-contract-test' };
const BUCKET = 'homeagent-widgets';
const REGION = 'us-west-2';
const BYTES = Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex');
let s3: FakeS3Server;

beforeAll(async () => {
  s3 = await startFakeS3Server({ bucket: BUCKET, region: REGION, ...CREDENTIALS });
});
afterAll(() => s3?.close());

const storage = (over: Partial<Parameters<typeof createS3FileStorage>[0]> = {}) =>
  createS3FileStorage({ bucket: BUCKET, region: REGION, credentials: CREDENTIALS, endpoint: s3.url, ...over });

describe('s3 file storage', () => {
  it('issues a presigned PUT that S3 accepts with the signed content type, and the object is then read at fileUrl', async () => {
    const key = 'widgets/0b6f4c1e-6a51-4f0e-9d0c-8a4f1c2b3d4e/1f0e-Acme logo (final)!.png';
    const ticket = storage().createUploadUrl({ key, contentType: 'image/png', expiresInSeconds: 600 });
    expect(ticket.uploadUrl.startsWith(`${s3.url}/${BUCKET}/widgets/0b6f4c1e-6a51-4f0e-9d0c-8a4f1c2b3d4e/1f0e-Acme%20logo%20%28final%29%21.png?`)).toBe(true);
    expect(new URL(ticket.uploadUrl).searchParams.get('X-Amz-SignedHeaders')).toBe('content-type;host');
    const put = await fetch(ticket.uploadUrl, { method: ticket.method, headers: ticket.headers, body: BYTES });
    expect(put.status).toBe(200);
    expect(s3.objects.get(key)).toEqual({ body: BYTES, contentType: 'image/png' });
    const read = await fetch(ticket.fileUrl);
    expect(read.status).toBe(200);
    expect(Buffer.from(await read.arrayBuffer())).toEqual(BYTES);
  });

  it('is refused by S3 for another content type, an expired URL, a changed URL, or the wrong secret; nothing is stored', async () => {
    const key = 'widgets/0b6f4c1e-6a51-4f0e-9d0c-8a4f1c2b3d4e/refused.png';
    const ticket = storage().createUploadUrl({ key, contentType: 'image/png', expiresInSeconds: 600 });
    const wrongType = await fetch(ticket.uploadUrl, { method: 'PUT', headers: { 'Content-Type': 'image/jpeg' }, body: BYTES });
    expect(wrongType.status).toBe(403);
    expect(await wrongType.text()).toContain('<Code>SignatureDoesNotMatch</Code>');

    const expired = storage().createUploadUrl({ key, contentType: 'image/png', expiresInSeconds: 60, now: new Date(Date.now() - 120_000) });
    const late = await fetch(expired.uploadUrl, { method: 'PUT', headers: expired.headers, body: BYTES });
    expect(late.status).toBe(403);
    expect(await late.text()).toContain('Request has expired');

    const otherKey = ticket.uploadUrl.replace('refused.png', 'elsewhere.png');
    expect((await fetch(otherKey, { method: 'PUT', headers: ticket.headers, body: BYTES })).status).toBe(403);
    const longer = ticket.uploadUrl.replace('X-Amz-Expires=600', 'X-Amz-Expires=6000');
    expect((await fetch(longer, { method: 'PUT', headers: ticket.headers, body: BYTES })).status).toBe(403);

    const forged = storage({ credentials: { ...CREDENTIALS, secretAccessKey: 'not-the-secret' } }).createUploadUrl({
      key,
      contentType: 'image/png',
      expiresInSeconds: 600,
    });
    expect((await fetch(forged.uploadUrl, { method: 'PUT', headers: forged.headers, body: BYTES })).status).toBe(403);

    expect(s3.refusals).toEqual(['SignatureDoesNotMatch', 'AccessDenied', 'SignatureDoesNotMatch', 'SignatureDoesNotMatch', 'SignatureDoesNotMatch']);
    expect(s3.objects.has(key)).toBe(false);
  });

  it('builds AWS virtual-hosted URLs without an endpoint, and public URLs on a configured base', () => {
    const aws = createS3FileStorage({ bucket: BUCKET, region: REGION, credentials: CREDENTIALS, publicBaseUrl: 'https://cdn.example.test/' });
    const ticket = aws.createUploadUrl({ key: 'widgets/a/logo.png', contentType: 'image/png', expiresInSeconds: 600 });
    expect(ticket.uploadUrl.startsWith(`https://${BUCKET}.s3.${REGION}.amazonaws.com/widgets/a/logo.png?X-Amz-Algorithm=AWS4-HMAC-SHA256&`)).toBe(true);
    expect(ticket.fileUrl).toBe('https://cdn.example.test/widgets/a/logo.png');
  });
});
