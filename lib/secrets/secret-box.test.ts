import { randomBytes } from 'node:crypto';
import { createSecretBox, crmCredentialsKey, SecretBoxError } from './secret-box';

describe('secret box (AES-256-GCM)', () => {
  const box = createSecretBox(randomBytes(32));

  it('opens what it sealed, and never seals the same value to the same text', () => {
    const sealed = box.seal('{"clientSecret":"s3cret"}', 'row-1');
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain('s3cret');
    expect(box.open(sealed, 'row-1')).toBe('{"clientSecret":"s3cret"}');
    expect(box.seal('same', 'row-1')).not.toBe(box.seal('same', 'row-1'));
  });

  it('detects a tampered value', () => {
    const sealed = box.seal('client secret', 'row-1');
    const raw = Buffer.from(sealed.slice(3), 'base64');
    raw[raw.length - 1] ^= 0x01;
    expect(() => box.open(`v1:${raw.toString('base64')}`, 'row-1')).toThrow(SecretBoxError);
    expect(() => box.open('v1:AAAA', 'row-1')).toThrow(SecretBoxError);
    expect(() => box.open('v2:whatever', 'row-1')).toThrow(SecretBoxError);
  });

  it('refuses a value moved to another record', () => {
    expect(() => box.open(box.seal('client secret', 'row-1'), 'row-2')).toThrow(SecretBoxError);
  });

  it('refuses a value sealed under another key', () => {
    const sealed = createSecretBox(randomBytes(32)).seal('client secret', 'row-1');
    expect(() => box.open(sealed, 'row-1')).toThrow(SecretBoxError);
  });

  it('takes the key from CRM_CREDENTIALS_KEY, a fixed one outside production, and none in production', () => {
    const key = randomBytes(32);
    expect(crmCredentialsKey({ NODE_ENV: 'production', CRM_CREDENTIALS_KEY: key.toString('base64') })).toEqual(key);
    expect(crmCredentialsKey({ NODE_ENV: 'test' })).toEqual(crmCredentialsKey({ NODE_ENV: 'development' }));
    expect(crmCredentialsKey({ NODE_ENV: 'test' })).toHaveLength(32);
    expect(() => crmCredentialsKey({ NODE_ENV: 'production' })).toThrow('CRM_CREDENTIALS_KEY is required in production');
  });
});
