import { createEvent } from '../../catalog';
import { evolveVerifiedCallerId } from './verified-caller-ids.projection';

const ORG_ID = '0b6f4c1e-6a51-4f0e-9d0c-8a4f1c2b3d4e';
const OTHER_ORG = '9b6f4c1e-6a51-4f0e-9d0c-8a4f1c2b3d4e';
const ID = '5a1d8d7e-1c2b-4a3d-9e8f-7a6b5c4d3e2f';
let n = 0;
const envelope = (minute: number, orgId = ORG_ID) => ({
  eventId: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
  aggregateId: ID,
  orgId,
  correlationId: 'c',
  causationId: null,
  occurredAt: new Date(`2026-11-28T01:${String(minute).padStart(2, '0')}:00Z`),
});

const added = createEvent({
  ...envelope(0),
  type: 'VerifiedCallerIdAdded',
  data: {
    orgId: ORG_ID,
    callerIdId: ID,
    phoneNumber: '+15125550142',
    friendlyName: 'Office line',
    provider: 'twilio',
    validationCode: '123456',
    callSid: 'CA1',
  },
});
const again = createEvent({
  ...envelope(1),
  type: 'VerifiedCallerIdValidationRequested',
  data: { orgId: ORG_ID, callerIdId: ID, validationCode: '654321', callSid: 'CA2' },
});
const verified = createEvent({ ...envelope(2), type: 'VerifiedCallerIdVerified', data: { orgId: ORG_ID, callerIdId: ID, providerId: 'PN0123' } });
const edited = createEvent({ ...envelope(3), type: 'VerifiedCallerIdEdited', data: { orgId: ORG_ID, callerIdId: ID, friendlyName: 'Dispatch' } });
const removed = createEvent({ ...envelope(4), type: 'VerifiedCallerIdRemoved', data: { orgId: ORG_ID, callerIdId: ID } });

describe('verified caller IDs read model', () => {
  it('adds, re-requests, verifies, renames and removes a caller ID; each event delivered twice changes nothing more', () => {
    const one = evolveVerifiedCallerId(null, added)!;
    expect(one).toMatchObject({
      id: ID,
      orgId: ORG_ID,
      phoneNumber: '+15125550142',
      verified: false,
      validationCode: '123456',
      providerId: null,
      deletedAt: null,
    });
    expect(evolveVerifiedCallerId(one, added)).toBe(one);
    const two = evolveVerifiedCallerId(one, again)!;
    expect(two).toMatchObject({ validationCode: '654321', callSid: 'CA2' });
    expect(evolveVerifiedCallerId(two, again)).toBe(two);
    const three = evolveVerifiedCallerId(two, verified)!;
    expect(three).toMatchObject({ verified: true, providerId: 'PN0123', updatedAt: new Date('2026-11-28T01:02:00Z') });
    expect(evolveVerifiedCallerId(three, verified)).toBe(three);
    // A code requested before the confirmation but delivered after it does not make the number unverified again.
    expect(evolveVerifiedCallerId(three, again)).toBe(three);
    const four = evolveVerifiedCallerId(three, edited)!;
    expect(four.friendlyName).toBe('Dispatch');
    expect(evolveVerifiedCallerId(four, edited)).toBe(four);
    const gone = evolveVerifiedCallerId(four, removed)!;
    expect(gone.deletedAt).toEqual(new Date('2026-11-28T01:04:00Z'));
    expect(evolveVerifiedCallerId(gone, removed)).toBe(gone);
    // A late redelivery of the addition or a verification does not bring it back.
    expect(evolveVerifiedCallerId(gone, added)).toBe(gone);
    expect(evolveVerifiedCallerId(gone, verified)).toBe(gone);
  });

  it('ignores events for a caller ID it never saw added, and events naming another org', () => {
    expect(evolveVerifiedCallerId(null, verified)).toBeNull();
    const one = evolveVerifiedCallerId(null, added)!;
    const foreign = createEvent({ ...envelope(5, OTHER_ORG), type: 'VerifiedCallerIdRemoved', data: { orgId: OTHER_ORG, callerIdId: ID } });
    expect(evolveVerifiedCallerId(one, foreign)).toBe(one);
  });
});
