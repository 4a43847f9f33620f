import type { FileStorage, UploadTicket } from '../../file-storage.port';
import { awsUriEncode, presignUrl, type SigV4Credentials } from './sigv4';

export interface S3StorageConfig {
  bucket: string;
  region: string;
  credentials: SigV4Credentials;
  /** An S3-compatible endpoint (MinIO, R2, a local fake); bucket in the path. Absent: AWS, bucket in the host. */
  endpoint?: string;
  /** Where objects are read publicly (a CDN or the bucket's website); the object URL itself by default. */
  publicBaseUrl?: string;
}

/** The object's URL, its key encoded as SigV4 encodes a path (so the signed path is the one sent). */
export function objectUrl(config: Pick<S3StorageConfig, 'bucket' | 'region' | 'endpoint'>, key: string): URL {
  const path = awsUriEncode(key, true);
  if (config.endpoint) return new URL(`${config.endpoint.replace(/\/+$/, '')}/${awsUriEncode(config.bucket)}/${path}`);
  return new URL(`https://${config.bucket}.s3.${config.region}.amazonaws.com/${path}`);
}

/**
 * Presigned PUT URLs (AWS SigV4, query signing) with the content type signed in, so the upload must carry the type
 * the route allowed. S3 cannot cap a presigned PUT's size (only a POST policy can): the widget's limit is the app's.
 */
export function createS3FileStorage(config: S3StorageConfig): FileStorage {
  const publicUrl = (key: string) =>
    config.publicBaseUrl ? `${config.publicBaseUrl.replace(/\/+$/, '')}/${awsUriEncode(key, true)}` : objectUrl(config, key).toString();
  return {
    adapter: 's3',
    createUploadUrl({ key, contentType, expiresInSeconds, now = new Date() }): UploadTicket {
      const url = presignUrl({
        method: 'PUT',
        url: objectUrl(config, key),
        region: config.region,
        credentials: config.credentials,
        expiresInSeconds,
        signedHeaders: { 'content-type': contentType },
        now,
      });
      return {
        uploadUrl: url.toString(),
        method: 'PUT',
        headers: { 'Content-Type': contentType },
        expiresAt: new Date(now.getTime() + expiresInSeconds * 1000),
        fileUrl: publicUrl(key),
      };
    },
    publicUrl,
  };
}
