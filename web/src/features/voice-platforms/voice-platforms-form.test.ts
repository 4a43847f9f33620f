import { describe, expect, it } from '@jest/globals';
import { buildChange, describeChange, formFrom, generateToolSecret, type PlatformForm } from './voice-platforms-form';

const stored = { baseUrl: 'https://api.retellai.example' };
const typed = (changes: Partial<PlatformForm['secrets']>, clear: Partial<PlatformForm['clear']> = {}, baseUrl = stored.baseUrl): PlatformForm => {
  const form = formFrom(stored);
  return { secrets: { ...form.secrets, ...changes }, clear: { ...form.clear, ...clear }, baseUrl };
};

describe('voice platform form', () => {
  it('starts with no secret typed and the stored base URL', () => {
    expect(formFrom(stored)).toEqual({
      secrets: { webhookSecret: '', toolSecret: '', apiKey: '' },
      clear: { webhookSecret: false, toolSecret: false, apiKey: false },
      baseUrl: 'https://api.retellai.example',
    });
    expect(formFrom({ baseUrl: null }).baseUrl).toBe('');
  });

  it('sends only what changed: typed secrets replace, cleared ones are null, the rest is kept', () => {
    expect(buildChange(formFrom(stored), stored)).toBeNull();
    expect(buildChange(typed({ apiKey: '  key_new  ' }), stored)).toEqual({ apiKey: 'key_new' });
    expect(buildChange(typed({}, { webhookSecret: true }), stored)).toEqual({ webhookSecret: null });
    // A typed value wins over "clear".
    expect(buildChange(typed({ toolSecret: 'ts_abc12345' }, { toolSecret: true }), stored)).toEqual({ toolSecret: 'ts_abc12345' });
    expect(buildChange(typed({}, {}, ''), stored)).toEqual({ baseUrl: null });
    expect(buildChange(typed({}, {}, 'https://other.example'), stored)).toEqual({ baseUrl: 'https://other.example' });
  });

  it('generates a long random tool secret', () => {
    const a = generateToolSecret();
    expect(a).toMatch(/^ts_[0-9a-f]{64}$/);
    expect(generateToolSecret()).not.toBe(a);
    expect(generateToolSecret((b) => b.fill(255))).toBe(`ts_${'ff'.repeat(32)}`);
  });

  it('says what a save did', () => {
    expect(describeChange('Vapi', { apiKey: 'k', toolSecret: 't', webhookSecret: null, baseUrl: null })).toBe(
      'Vapi: set the tool secret, API key; cleared the webhook signing secret; cleared the base URL.',
    );
  });
});
