import { ConfigError, loadConfig } from './env';

describe('CUSTOMER_SUCCESS_ADAPTER', () => {
  it('defaults to offline', () => {
    expect(loadConfig({}).CUSTOMER_SUCCESS_ADAPTER).toBe('offline');
  });

  it('needs CUSTOMER_SUCCESS_API_URL with http', () => {
    expect(() => loadConfig({ CUSTOMER_SUCCESS_ADAPTER: 'http' })).toThrow(ConfigError);
    expect(loadConfig({ CUSTOMER_SUCCESS_ADAPTER: 'http', CUSTOMER_SUCCESS_API_URL: 'https://cs.example.test' }).CUSTOMER_SUCCESS_API_URL).toBe(
      'https://cs.example.test',
    );
  });

  it('refuses an adapter it does not know, naming the variable', () => {
    try {
      loadConfig({ CUSTOMER_SUCCESS_ADAPTER: 'carrier-pigeon' });
      throw new Error('expected a ConfigError');
    } catch (err) {
      expect((err as ConfigError).issues[0]).toMatch(/^CUSTOMER_SUCCESS_ADAPTER: /);
    }
  });
});
