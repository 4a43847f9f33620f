import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Thrown when a sealed value was altered, sealed under another key, or bound to another record. */
export class SecretBoxError extends Error {
  constructor(message = 'The sealed value cannot be opened: wrong key, or it was altered') {
    super(message);
    this.name = 'SecretBoxError';
  }
}

export interface SecretBox {
  /** AES-256-GCM under a fresh IV; `context` (a record id) is authenticated, so a value moved to another record does not open. */
  seal(plaintext: string, context: string): string;
  open(sealed: string, context: string): string;
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('A secret box key must be 32 bytes');
  return {
    seal(plaintext, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
    },
    open(sealed, context) {
      const [version, payload] = sealed.split(':', 2);
      if (version !== VERSION || !payload) throw new SecretBoxError('The sealed value is not in a known format');
      const raw = Buffer.from(payload, 'base64');
      if (raw.length < IV_BYTES + TAG_BYTES) throw new SecretBoxError();
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretBoxError();
      }
    },
  };
}

/**
 * The key CRM credentials are sealed with: CRM_CREDENTIALS_KEY (config/env.ts requires it in production);
 * development and test fall back to a fixed key so a fresh checkout works, which protects nothing.
 */
export function crmCredentialsKey(config: { NODE_ENV: string; CRM_CREDENTIALS_KEY?: string }): Buffer {
  if (config.CRM_CREDENTIALS_KEY) return Buffer.from(config.CRM_CREDENTIALS_KEY, 'base64');
  if (config.NODE_ENV === 'production') throw new Error('CRM_CREDENTIALS_KEY is required in production');
  return createHash('sha256').update('homeagent development CRM credentials key').digest();
}
