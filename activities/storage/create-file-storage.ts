import { createHmac } from 'node:crypto';
import path from 'node:path';
import { WIDGET_UPLOAD_MAX_BYTES } from '../../domain/contracts/widget.contract';
import { crmCredentialsKey } from '../../lib/secrets/secret-box';
import { createLocalFileStorage, type LocalFileStorage } from './adapters/local/local-file-storage.adapter';
import { createS3FileStorage } from './adapters/s3/s3-file-storage.adapter';
import type { FileStorage } from './file-storage.port';

// The deployment settings this factory reads, named as config/env.ts names them; the composition root passes its config.
export interface StorageConfig {
  STORAGE_ADAPTER: 'local' | 's3';
  HOMEAGENT_DATA_DIR: string;
  NODE_ENV: string;
  CRM_CREDENTIALS_KEY?: string;
  S3_BUCKET?: string;
  S3_REGION: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
  S3_ENDPOINT?: string;
  S3_PUBLIC_URL?: string;
}

/**
 * The file storage STORAGE_ADAPTER names. `local` is also returned as `local`, since the API serves its upload and
 * download routes; with s3 those routes answer 404. The local signing key is derived from CRM_CREDENTIALS_KEY, the
 * deployment's one sealed secret, under its own label.
 */
export function createFileStorage(config: StorageConfig, publicApiUrl: string): { files: FileStorage; local: LocalFileStorage | null } {
  if (config.STORAGE_ADAPTER === 's3') {
    // loadConfig refuses s3 without these; a hand-built config gets the same message here.
    if (!config.S3_BUCKET || !config.S3_ACCESS_KEY_ID || !config.S3_SECRET_ACCESS_KEY) {
      throw new Error('S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: required when STORAGE_ADAPTER is s3');
    }
    const files = createS3FileStorage({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      credentials: { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY },
      endpoint: config.S3_ENDPOINT,
      publicBaseUrl: config.S3_PUBLIC_URL,
    });
    return { files, local: null };
  }
  const signingKey = createHmac('sha256', crmCredentialsKey(config)).update('homeagent local storage upload URLs').digest();
  const local = createLocalFileStorage({
    root: path.join(config.HOMEAGENT_DATA_DIR, 'uploads'),
    publicApiUrl,
    signingKey,
    maxBytes: WIDGET_UPLOAD_MAX_BYTES,
  });
  return { files: local, local };
}
