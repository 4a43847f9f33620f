import { EMPTY_CUSTOM_INSTRUCTIONS, CustomInstructionsSchema } from '../../../domain/organization/org-profile.schema';
import { createEvent } from '../../catalog';
import { evolveOrganization } from '../organizations/organizations.projection';
import type { OrganizationDoc } from '../organizations/organizations.repository';
import { evolveCapacitySettings } from './capacity-settings.projection';

// PUT /org/custom-instructions: the instructions land on the organization, regular_job_to_dispatch in
// the capacity settings the availability view also saves (one storage for it).

const ORG_ID = '0b6f4c1e-6a51-4f0e-9d0c-8a4f1c2b3d4e';
const instructions = CustomInstructionsSchema.parse({
  is_lead: { instructions: [{ title: 'warranty', isLead: false, instruction: 'Warranty claims are not leads' }] },
});

const changed = (eventId: string, data: { regularJobToDispatch?: string | null; customInstructions?: typeof instructions }) =>
  createEvent({
    eventId,
    type: 'OrganizationCustomInstructionsChanged',
    aggregateId: ORG_ID,
    orgId: ORG_ID,
    correlationId: 'c',
    causationId: null,
    occurredAt: new Date('2026-03-01T12:00:00.000Z'),
    data: {
      orgId: ORG_ID,
      customInstructions: data.customInstructions ?? instructions,
      ...('regularJobToDispatch' in data ? { regularJobToDispatch: data.regularJobToDispatch } : {}),
    },
  });

describe('custom instructions in the read models', () => {
  it('stores the instructions on the organization once', () => {
    const org = { customInstructions: null, streamVersion: 3 } as unknown as OrganizationDoc;
    const event = changed('11111111-1111-4111-8111-111111111111', {});
    const next = evolveOrganization(org, event)!;
    expect(next.customInstructions).toEqual(instructions);
    expect(next.streamVersion).toBe(4);
    expect(evolveOrganization(next, event)).toBe(next);
    const cleared = evolveOrganization(next, changed('22222222-2222-4222-8222-222222222222', { customInstructions: EMPTY_CUSTOM_INSTRUCTIONS }))!;
    expect(cleared.customInstructions).toEqual(EMPTY_CUSTOM_INSTRUCTIONS);
  });

  it('keeps regular_job_to_dispatch with the capacity settings, once, and leaves it alone when not sent', () => {
    const withSchedule = { orgId: ORG_ID, settings: { autoAssignTech: true }, streamVersion: 1, updatedAt: new Date(0) };
    const event = changed('33333333-3333-4333-8333-333333333333', { regularJobToDispatch: 'Tune-up' });
    const next = evolveCapacitySettings(withSchedule, event)!;
    expect(next.settings).toEqual({ autoAssignTech: true, regular_job_to_dispatch: 'Tune-up' });
    expect(evolveCapacitySettings(next, event)).toBe(next);
    expect(evolveCapacitySettings(next, changed('44444444-4444-4444-8444-444444444444', {}))).toBe(next);
    expect(evolveCapacitySettings(null, changed('55555555-5555-4555-8555-555555555555', {}))).toBeNull();
    expect(
      evolveCapacitySettings(next, changed('66666666-6666-4666-8666-666666666666', { regularJobToDispatch: null }))!.settings.regular_job_to_dispatch,
    ).toBeNull();
  });
});
