import { describe, expect, it } from '@jest/globals';
import { emergencyTwiml } from './twilio-voice.adapter';

describe('emergencyTwiml', () => {
  it('reads the page twice with XML special characters escaped', () => {
    expect(emergencyTwiml(`Customer: O'Brien & "Sons" <HVAC>.`)).toBe(
      '<Response><Say loop="2">Customer: O&apos;Brien &amp; &quot;Sons&quot; &lt;HVAC&gt;.</Say></Response>',
    );
  });

  it("cuts a page too long for Twilio's 4000-character inline Twiml at a word", () => {
    const script = `Emergency. ${'Address: 1200 Long Street & Main. '.repeat(200)}`;
    const twiml = emergencyTwiml(script);
    expect(twiml.length).toBeLessThanOrEqual(4000);
    expect(twiml.length).toBeGreaterThan(3900);
    expect(twiml).toMatch(/^<Response><Say loop="2">Emergency\. Address: /);
    expect(twiml).toMatch(/[A-Za-z:&;.0-9]<\/Say><\/Response>$/);
    expect(twiml).not.toMatch(/&[a-z]*<\/Say>/); // never half an entity
  });
});
