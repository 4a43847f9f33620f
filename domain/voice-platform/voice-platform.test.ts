import { describe, expect, it } from '@jest/globals';
import { applyVoicePlatformChange, checkVoicePlatform, maskSecret, NO_CREDENTIALS, voiceCallWebhookUrl, voiceToolUrl, voiceWebhookUrl } from './voice-platform';

const stored = { webhookSecret: 'whsec_old_value', toolSecret: 'tool_old_value', apiKey: 'key_old_value', baseUrl: 'https://api.vapi.example', active: true };

describe('voice platform credentials', () => {
  it('keeps an omitted field, replaces a given one and clears a null one', () => {
    expect(applyVoicePlatformChange(stored, { apiKey: 'key_new_value', baseUrl: null })).toEqual({ ...stored, apiKey: 'key_new_value', baseUrl: null });
    expect(applyVoicePlatformChange(stored, {})).toEqual(stored);
    expect(applyVoicePlatformChange(null, { toolSecret: 'tool_first_value' })).toEqual({ ...NO_CREDENTIALS, toolSecret: 'tool_first_value' });
  });

  it('refuses an active platform without an API key', () => {
    expect(checkVoicePlatform('vapi', { ...stored, apiKey: null })).toEqual({ ok: false, message: 'Vapi needs an apiKey to be the active voice provider' });
    expect(checkVoicePlatform('vapi', { ...stored, apiKey: null, active: false }).ok).toBe(true);
    expect(checkVoicePlatform('bland', stored).ok).toBe(true);
  });

  it('masks as CRM secrets are masked: the last four of a long secret, nothing of a short one', () => {
    expect(maskSecret('0123456789abcdef')).toBe('****cdef');
    expect(maskSecret('0123456789abcde')).toBe('****');
    expect(maskSecret(null)).toBeNull();
  });

  it('builds the URLs a vendor console is given, whatever the base ends with', () => {
    const org = '5f59dfbc-d5b7-40c2-9a9d-3626912a54d6';
    expect(voiceWebhookUrl('https://api.example.com/', org, 'retell')).toBe(`https://api.example.com/voice-agent/webhook/${org}/retell`);
    expect(voiceToolUrl('https://api.example.com', org, 'bland')).toBe(`https://api.example.com/voice-agent/tool/${org}?doNotService=true&provider=bland`);
    expect(voiceCallWebhookUrl('https://api.example.com/', org, 'synthflow', 'a+b/c')).toBe(
      `https://api.example.com/voice-agent/webhook/${org}/synthflow?call_token=a%2Bb%2Fc`,
    );
  });
});
