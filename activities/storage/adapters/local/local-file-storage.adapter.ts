import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isSafeObjectKey, type FileStorage, type UploadTicket } from '../../file-storage.port';

export interface LocalStorageConfig {
  /** Files live under here (HOMEAGENT_DATA_DIR/uploads). */
  root: string;
  /** The API's public base URL: uploads go to its /storage/upload route, files are served from /storage/files. */
  publicApiUrl: string;
  /** Signs upload URLs; only this process (and its restarts with the same key) can issue ones it accepts. */
  signingKey: Buffer;
  /** Bytes one upload may hold. */
  maxBytes: number;
}

export type UploadRefusal = 'invalid_key' | 'bad_signature' | 'expired' | 'wrong_content_type' | 'too_large' | 'empty';

export interface LocalFileStorage extends FileStorage {
  readonly maxBytes: number;
  /** Checks an upload against its signed URL and stores it; refusals say why, nothing is written. */
  acceptUpload(input: {
    key: string;
    contentType: string | undefined;
    expires: string | undefined;
    signature: string | undefined;
    body: Buffer;
    now?: Date;
  }): Promise<{ ok: true } | { ok: false; reason: UploadRefusal }>;
  /** The stored file and the type it was uploaded as, or null. */
  readFile(key: string): Promise<{ bytes: Buffer; contentType: string } | null>;
}

/**
 * Files on the API host's disk: the default adapter, so uploads work with no cloud account. The upload URL is the
 * API's own PUT route carrying an HMAC-SHA256 of (key, content type, expiry) under a key only the API holds.
 */
export function createLocalFileStorage(config: LocalStorageConfig): LocalFileStorage {
  const base = config.publicApiUrl.replace(/\/+$/, '');
  const objects = path.join(config.root, 'objects');
  const meta = path.join(config.root, 'meta');
  const sign = (key: string, contentType: string, expires: string) =>
    createHmac('sha256', config.signingKey).update(`PUT\n${key}\n${contentType}\n${expires}`, 'utf8').digest('hex');
  const fileOf = (dir: string, key: string, suffix = '') => {
    const file = path.resolve(dir, `${key}${suffix}`);
    // isSafeObjectKey already refuses "..": this is the belt to its braces.
    if (!file.startsWith(path.resolve(dir) + path.sep)) throw new Error('object key leaves the storage root');
    return file;
  };

  const publicUrl = (key: string) => `${base}/storage/files/${encodeURIComponent(key)}`;

  return {
    adapter: 'local',
    maxBytes: config.maxBytes,
    createUploadUrl({ key, contentType, expiresInSeconds, now = new Date() }): UploadTicket {
      if (!isSafeObjectKey(key)) throw new Error(`unsafe object key ${key}`);
      const expiresAt = new Date(now.getTime() + expiresInSeconds * 1000);
      const expires = String(Math.floor(expiresAt.getTime() / 1000));
      const query = new URLSearchParams({ contentType, expires, signature: sign(key, contentType, expires) });
      return {
        uploadUrl: `${base}/storage/upload/${encodeURIComponent(key)}?${query.toString()}`,
        method: 'PUT',
        headers: { 'Content-Type': contentType },
        expiresAt,
        fileUrl: publicUrl(key),
      };
    },
    publicUrl,
    async acceptUpload({ key, contentType, expires, signature, body, now = new Date() }) {
      if (!isSafeObjectKey(key)) return { ok: false, reason: 'invalid_key' };
      if (!contentType || !expires || !signature || !/^\d{1,12}$/.test(expires)) return { ok: false, reason: 'bad_signature' };
      // The type the URL was signed for is the one the request must carry (as S3 checks a signed content-type).
      const declared = contentType.split(';')[0].trim().toLowerCase();
      const expected = Buffer.from(sign(key, declared, expires), 'hex');
      const given = Buffer.from(signature, 'hex');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'bad_signature' };
      if (Number(expires) * 1000 < now.getTime()) return { ok: false, reason: 'expired' };
      if (body.length === 0) return { ok: false, reason: 'empty' };
      if (body.length > config.maxBytes) return { ok: false, reason: 'too_large' };
      const file = fileOf(objects, key);
      const metaFile = fileOf(meta, key, '.json');
      await mkdir(path.dirname(file), { recursive: true });
      await mkdir(path.dirname(metaFile), { recursive: true });
      // Written aside and renamed, so a reader never sees half a file.
      const tmp = `${file}.${randomUUID()}.part`;
      await writeFile(tmp, body);
      await writeFile(metaFile, JSON.stringify({ contentType: declared, size: body.length, uploadedAt: now.toISOString() }));
      await rename(tmp, file);
      return { ok: true };
    },
    async readFile(key) {
      if (!isSafeObjectKey(key)) return null;
      try {
        const [bytes, info] = await Promise.all([readFile(fileOf(objects, key)), readFile(fileOf(meta, key, '.json'), 'utf8')]);
        return { bytes, contentType: (JSON.parse(info) as { contentType: string }).contentType };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
  };
}
