import { ConfigError, loadConfig } from './env';

describe('STORAGE_ADAPTER', () => {
  it('defaults to local files', () => {
    expect(loadConfig({}).STORAGE_ADAPTER).toBe('local');
  });

  it('needs the bucket and its keys with s3, naming each missing variable', () => {
    try {
      loadConfig({ STORAGE_ADAPTER: 's3', S3_BUCKET: 'widgets' });
      throw new Error('expected a ConfigError');
    } catch (err) {
      expect((err as ConfigError).issues).toEqual([
        'S3_ACCESS_KEY_ID: required when STORAGE_ADAPTER is s3',
        'S3_SECRET_ACCESS_KEY: required when STORAGE_ADAPTER is s3',
      ]);
    }
    const c = loadConfig({ STORAGE_ADAPTER: 's3', S3_BUCKET: 'widgets', S3_ACCESS_KEY_ID: 'AKID', S3_SECRET_ACCESS_KEY: 'secret' });
    expect({ adapter: c.STORAGE_ADAPTER, region: c.S3_REGION }).toEqual({ adapter: 's3', region: 'us-east-1' });
    expect(() => loadConfig({ STORAGE_ADAPTER: 'ftp' })).toThrow(/STORAGE_ADAPTER/);
  });
});
