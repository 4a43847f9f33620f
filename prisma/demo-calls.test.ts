import { describe, expect, it } from '@jest/globals';
import { InteractionTagSchema } from '../domain/interaction/interaction.schema';
import { demoCalls } from './demo-calls';

describe('demo calls', () => {
  it('gives each demo organization its own provider call ids (the read model keeps them unique per provider)', () => {
    const a = demoCalls('6f1c0c1e-0000-4000-8000-000000000001', 'America/Chicago', '2026-11-20');
    const b = demoCalls('9a2d1f3b-0000-4000-8000-000000000002', 'America/New_York', '2026-11-20');
    expect(a.length).toBeGreaterThan(0);
    expect(b.length).toBeGreaterThan(0);
    const ids = [...a, ...b].map((c) => c.providerCallId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('tags the demo calls with spec 000 §4 tags only: booked calls booked, the others by their type', () => {
    const calls = demoCalls('6f1c0c1e-0000-4000-8000-000000000001', 'America/Chicago', '2026-11-20');
    for (const c of calls) for (const tag of c.tags) expect(InteractionTagSchema.safeParse(tag).success).toBe(true);
    expect(calls.filter((c) => c.outcome === 'Booked').every((c) => c.tags.includes('booked'))).toBe(true);
    expect(calls.filter((c) => c.outcome === 'Excused').every((c) => c.tags.length === 1)).toBe(true);
  });
});
