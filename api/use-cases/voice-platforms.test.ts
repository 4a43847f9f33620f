import { describe, expect, it } from '@jest/globals';
import { VOICE_PLATFORMS } from '../../domain/voice-platform/voice-platform';
import { WEBHOOK_PROVIDERS } from './voice-webhook-parsers';
import { voicePlatformNamed } from './voice-platforms';

describe('voice platforms', () => {
  it('has credentials for exactly the platforms whose webhooks are received', () => {
    expect([...VOICE_PLATFORMS].sort()).toEqual([...WEBHOOK_PROVIDERS].sort());
  });

  it('names the platforms and the sandbox, and answers 404 for anything else', () => {
    expect(voicePlatformNamed('synthflow')).toBe('synthflow');
    expect(voicePlatformNamed('sandbox')).toBe('sandbox');
    expect(() => voicePlatformNamed('in_house')).toThrow(expect.objectContaining({ status: 404 }));
  });
});
