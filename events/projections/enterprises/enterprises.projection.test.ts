import { describe, expect, it } from '@jest/globals';
import { createEvent } from '../../catalog';
import { evolveEnterprise } from './enterprises.projection';

const ENTERPRISE_ID = '7e3f4a5b-6c7d-4e8f-9a0b-1c2d3e4f5a6b';

const created = createEvent({
  eventId: '11111111-1111-4111-8111-111111111111',
  type: 'EnterpriseCreated',
  aggregateId: ENTERPRISE_ID,
  orgId: null,
  correlationId: 'c',
  causationId: null,
  occurredAt: new Date('2026-03-01T12:00:00.000Z'),
  data: { enterpriseId: ENTERPRISE_ID, name: 'Lone Star Group', admins: ['regional@lonestar.test', 'regional@lonestar.test'] },
});

const adminsChanged = (admins: string[]) =>
  createEvent({
    eventId: '22222222-2222-4222-8222-222222222222',
    type: 'EnterpriseAdminsChanged',
    aggregateId: ENTERPRISE_ID,
    orgId: null,
    correlationId: 'c',
    causationId: null,
    data: { enterpriseId: ENTERPRISE_ID, admins },
  });

describe('enterprises read model', () => {
  it('creates the enterprise once with each admin once, and ignores the same event twice', () => {
    const once = evolveEnterprise(null, created)!;
    expect(once).toEqual({ id: ENTERPRISE_ID, name: 'Lone Star Group', admins: ['regional@lonestar.test'], createdAt: new Date('2026-03-01T12:00:00.000Z') });
    expect(evolveEnterprise(once, created)).toBe(once);
  });

  it('replaces the admins, and the same change delivered again is no change', () => {
    const once = evolveEnterprise(null, created)!;
    const changed = evolveEnterprise(once, adminsChanged(['ops@lonestar.test', 'regional@lonestar.test']))!;
    expect(changed.admins).toEqual(['ops@lonestar.test', 'regional@lonestar.test']);
    expect(evolveEnterprise(changed, adminsChanged(['ops@lonestar.test', 'regional@lonestar.test']))).toBe(changed);
  });

  it('ignores admins of an enterprise it has not seen created', () => {
    expect(evolveEnterprise(null, adminsChanged(['x@y.test']))).toBeNull();
  });
});
