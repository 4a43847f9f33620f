// Where uploaded files (a widget's logo) are kept and served from. The product never streams a file through its
// own code on the way in with S3: the browser PUTs straight to a short-lived signed URL the adapter issues.

export interface UploadTicket {
  /** Where to send the bytes, with `method` and exactly `headers`, before `expiresAt`. */
  uploadUrl: string;
  method: 'PUT';
  headers: Record<string, string>;
  expiresAt: Date;
  /** The public URL the file is read back at once uploaded. */
  fileUrl: string;
}

export interface FileStorage {
  /** local | s3 */
  readonly adapter: string;
  /** A signed, short-lived URL to PUT one object of this content type at this key. */
  createUploadUrl(input: { key: string; contentType: string; expiresInSeconds: number; now?: Date }): UploadTicket;
  /** The public URL of the object at this key. */
  publicUrl(key: string): string;
}

/** Object keys the product issues: path segments of letters, digits, dots, underscores and dashes, no "." or "..". */
export function isSafeObjectKey(key: string): boolean {
  if (key.length === 0 || key.length > 512) return false;
  return key.split('/').every((segment) => /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/.test(segment) && segment !== '.' && segment !== '..');
}

export const UPLOAD_URL_SECONDS = 10 * 60;
