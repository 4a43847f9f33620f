import { emptyCallRecord, type CanonicalCallRecord, type VoiceAgentProvider } from './call-record.schema';
import { awaitsPostCallTranscript, awaitsTranscript } from './silent-call';

const ended = (provider: VoiceAgentProvider, over: Partial<CanonicalCallRecord> = {}): CanonicalCallRecord => ({
  ...emptyCallRecord(provider, 'call-1'),
  status: 'ended',
  endedReason: 'user_hangup',
  durationSeconds: 40,
  ...over,
});

describe('awaitsTranscript', () => {
  it("waits for Vapi's end-of-call-report after a status-update ended without a transcript", () => {
    expect(awaitsTranscript(ended('vapi'), { analysed: false })).toBe(true);
    expect(awaitsTranscript(ended('vapi', { durationSeconds: null }), { analysed: false })).toBe(true);
    // Voicemail: an outbound agent may have left a message, which the transcript brings.
    expect(awaitsTranscript(ended('vapi', { endedReason: 'voicemail' }), { analysed: false })).toBe(true);
  });

  it('does not wait once the post-call delivery came, or when the call plainly had no speech', () => {
    expect(awaitsTranscript(ended('vapi'), { analysed: true })).toBe(false);
    expect(awaitsTranscript(ended('vapi', { endedReason: 'no_answer' }), { analysed: false })).toBe(false);
    expect(awaitsTranscript(ended('vapi', { endedReason: 'busy' }), { analysed: false })).toBe(false);
    expect(awaitsTranscript(ended('vapi', { durationSeconds: 2 }), { analysed: false })).toBe(false);
  });

  it('does not wait on platforms whose end carries the transcript', () => {
    for (const provider of ['retell', 'bland', 'synthflow', 'sandbox', 'in_house'] as const) {
      expect(awaitsTranscript(ended(provider), { analysed: false })).toBe(false);
    }
  });

  it('has nothing to wait for on a live call or one with a transcript', () => {
    expect(awaitsTranscript({ ...ended('vapi'), status: 'in-progress' }, { analysed: false })).toBe(false);
    expect(awaitsTranscript(ended('vapi', { transcriptObject: [{ role: 'Customer', content: 'Hi' }] }), { analysed: false })).toBe(false);
  });
});

describe('awaitsPostCallTranscript', () => {
  it("waits for Retell's call_analyzed as for Vapi's end-of-call-report when the end came without a transcript", () => {
    for (const provider of ['retell', 'vapi'] as const) {
      expect(awaitsPostCallTranscript(ended(provider), { analysed: false })).toBe(true);
      expect(awaitsPostCallTranscript(ended(provider, { durationSeconds: null }), { analysed: false })).toBe(true);
    }
  });

  it('stops once the post-call delivery came, even without a transcript (nobody spoke)', () => {
    expect(awaitsPostCallTranscript(ended('retell'), { analysed: true })).toBe(false);
    expect(awaitsPostCallTranscript(ended('vapi'), { analysed: true })).toBe(false);
  });

  it('does not wait when the call plainly had no speech, or on platforms whose end is their last delivery', () => {
    expect(awaitsPostCallTranscript(ended('retell', { endedReason: 'no_answer' }), { analysed: false })).toBe(false);
    expect(awaitsPostCallTranscript(ended('retell', { durationSeconds: 2 }), { analysed: false })).toBe(false);
    for (const provider of ['bland', 'synthflow', 'sandbox', 'in_house'] as const) {
      expect(awaitsPostCallTranscript(ended(provider), { analysed: false })).toBe(false);
    }
    expect(awaitsPostCallTranscript(ended('retell', { transcriptObject: [{ role: 'Customer', content: 'Hi' }] }), { analysed: false })).toBe(false);
  });
});
