import { InteractionInputSchema, type TranscriptLine } from '../../../../domain/interaction/interaction.schema';
import { conjunctionFeatures, conjunctionLabel } from './call-type-conjunctions';
import { CallAnalysis, featureLabel } from './offline-call-analysis';

const line = (role: 'agent' | 'user', message: string, i: number): TranscriptLine =>
  ({ role, message, timestamp: `00:${String(i * 5).padStart(2, '0')}`, seconds: i * 5 }) as TranscriptLine;

function analysis(said: string[], direction: 'inbound' | 'outbound' = 'inbound'): CallAnalysis {
  return new CallAnalysis(
    InteractionInputSchema.parse({
      direction,
      agentType: direction === 'inbound' ? 'OFFICE_HOURS_CSR' : 'ESTIMATE_FOLLOWUPS_AGENT',
      org: { name: 'Acme Home Services', timezone: 'America/Denver' },
      transcript: said.map((s, i) => line(s.startsWith('A:') ? 'agent' : 'user', s.slice(2).trim(), i)),
      facts: { actions: [], endedReason: 'user_hangup' },
    }),
  );
}

describe('call-type conjunctions', () => {
  it('pairs a stated need with whether the agent offered a time', () => {
    const offered = conjunctionFeatures(analysis(['A: Acme, how can I help?', 'C: my water heater is leaking', 'A: I can have someone there Thursday at 2pm']));
    expect(offered['and:need:time_offered']).toBe(1);
    const none = conjunctionFeatures(analysis(['A: Acme, how can I help?', 'C: my water heater is leaking', 'A: let me take your name']));
    expect(none['and:need:no_time_offered']).toBe(1);
    expect(conjunctionFeatures(analysis(['A: Acme, how can I help?', 'C: hello?']))['and:need:no_time_offered']).toBeUndefined();
  });

  it("marks a caller's reason said in the call's last third, and the call ending on it", () => {
    const f = conjunctionFeatures(
      analysis([
        'A: Acme, how can I help?',
        'C: my sink is clogged',
        'A: the visit is $89',
        'C: what times do you have',
        'A: Thursday at 2pm',
        "C: I'll call you back",
      ]),
    );
    expect(f['and:follow_up:last_third']).toBe(1);
    expect(f['and:ends_on:follow_up']).toBe(1);
  });

  it("reads a caller's answer on an outbound call apart from the same words on an inbound one", () => {
    const said = ['A: Hi, this is Acme following up on your quote', "C: no thanks, we're not interested"];
    expect(Object.keys(conjunctionFeatures(analysis(said, 'outbound'))).some((k) => k.startsWith('and:outbound:'))).toBe(true);
    expect(Object.keys(conjunctionFeatures(analysis(said, 'inbound'))).some((k) => k.startsWith('and:outbound:'))).toBe(false);
  });

  it.each([
    ['need:no_time_offered', 'a need stated, and no time offered'],
    ['timing_issue:last_third', "timing_issue in the call's last third"],
    ['outbound:not_interested', 'not_interested on an outbound call'],
    ['need:excuse:follow_up', 'a need stated, and excuse follow_up'],
    ['ends_on:callback', 'the call ended on callback'],
  ])('and:%s reads as "%s", in the reason too', (value, label) => {
    expect(conjunctionLabel(value)).toBe(label);
    expect(featureLabel(`and:${value}`)).toBe(label);
  });
});
