import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createLocalFileStorage, type LocalFileStorage } from './local-file-storage.adapter';

const KEY = 'widgets/0b6f4c1e-6a51-4f0e-9d0c-8a4f1c2b3d4e/1-logo.png';
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

describe('local file storage', () => {
  let root: string;
  let storage: LocalFileStorage;
  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'homeagent-storage-'));
    storage = createLocalFileStorage({ root, publicApiUrl: 'http://api.test/', signingKey: Buffer.alloc(32, 7), maxBytes: 64 });
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  const signed = (now = new Date()) => {
    const ticket = storage.createUploadUrl({ key: KEY, contentType: 'image/png', expiresInSeconds: 600, now });
    const url = new URL(ticket.uploadUrl);
    return {
      ticket,
      url,
      upload: (over: Partial<Parameters<LocalFileStorage['acceptUpload']>[0]> = {}) =>
        storage.acceptUpload({
          key: decodeURIComponent(url.pathname.split('/').pop()!),
          contentType: 'image/png',
          expires: url.searchParams.get('expires') ?? undefined,
          signature: url.searchParams.get('signature') ?? undefined,
          body: PNG,
          now,
          ...over,
        }),
    };
  };

  it('issues an upload URL on the API, takes the file it was signed for, and serves it back with its type', async () => {
    const { ticket, url, upload } = signed();
    expect(url.origin + url.pathname).toBe(`http://api.test/storage/upload/${encodeURIComponent(KEY)}`);
    expect(ticket.headers).toEqual({ 'Content-Type': 'image/png' });
    expect(ticket.fileUrl).toBe(`http://api.test/storage/files/${encodeURIComponent(KEY)}`);
    expect(await storage.readFile(KEY)).toBeNull();
    expect(await upload()).toEqual({ ok: true });
    expect(await storage.readFile(KEY)).toEqual({ bytes: PNG, contentType: 'image/png' });
  });

  it('refuses another content type, key or expiry than signed, an expired link, an empty or oversized file; nothing is written', async () => {
    const now = new Date('2026-11-28T04:00:00Z');
    const { upload } = signed(now);
    expect(await upload({ contentType: 'image/jpeg' })).toEqual({ ok: false, reason: 'bad_signature' });
    expect(await upload({ contentType: undefined })).toEqual({ ok: false, reason: 'bad_signature' });
    expect(await upload({ key: KEY.replace('1-logo', '2-logo') })).toEqual({ ok: false, reason: 'bad_signature' });
    expect(await upload({ expires: String(Math.floor(now.getTime() / 1000) + 6000) })).toEqual({ ok: false, reason: 'bad_signature' });
    expect(await upload({ signature: 'zz' })).toEqual({ ok: false, reason: 'bad_signature' });
    expect(await upload({ now: new Date(now.getTime() + 601_000) })).toEqual({ ok: false, reason: 'expired' });
    expect(await upload({ body: Buffer.alloc(0) })).toEqual({ ok: false, reason: 'empty' });
    expect(await upload({ body: Buffer.alloc(65) })).toEqual({ ok: false, reason: 'too_large' });
    expect(await upload({ key: 'widgets/../../etc/passwd' })).toEqual({ ok: false, reason: 'invalid_key' });
    expect(await readdir(root)).toEqual([]);
    expect(await storage.readFile('../outside')).toBeNull();
  });
});
