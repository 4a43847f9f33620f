import { ConfigError, loadConfig } from './env';

describe('TELEPHONY_ADAPTER', () => {
  it('defaults to offline', () => {
    expect(loadConfig({}).TELEPHONY_ADAPTER).toBe('offline');
  });

  it('needs the Twilio account with twilio, naming each missing variable', () => {
    try {
      loadConfig({ TELEPHONY_ADAPTER: 'twilio', TWILIO_ACCOUNT_SID: 'AC0123' });
      throw new Error('expected a ConfigError');
    } catch (err) {
      expect((err as ConfigError).issues).toEqual(['TWILIO_AUTH_TOKEN: required when TELEPHONY_ADAPTER is twilio']);
    }
    expect(loadConfig({ TELEPHONY_ADAPTER: 'twilio', TWILIO_ACCOUNT_SID: 'AC0123', TWILIO_AUTH_TOKEN: 'tok' }).TELEPHONY_ADAPTER).toBe('twilio');
  });
});
