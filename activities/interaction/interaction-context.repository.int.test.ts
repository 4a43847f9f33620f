import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestDatabase, integrationConfig, uniqueName, type TestDatabase } from '../../tests/support/integration';
import { organizationCreatedEvent } from '../../tests/support/domain-events';
import { DEFAULT_REGULAR_HOURS } from '../../domain/organization/organization-settings.schema';
import { applyToProjection } from '../../events/projector';
import { organizationsProjection } from '../../events/projections/organizations/organizations.projection';
import { createOrganizationRepository } from '../../events/projections/organizations/organizations.repository';
import { defaultAgentId } from '../agent-runtime/agent-directory';
import { createInteractionContextReader } from './interaction-context.repository';

// The post-call pipeline reads an organization's prompt fields and its agents in one statement (issue 16 point 1):
// what it reads must be what the two reads it replaced gave.

const config = integrationConfig();
let tdb: TestDatabase;
const orgId = randomUUID();
const otherOrgId = randomUUID();

beforeAll(async () => {
  tdb = await createTestDatabase(config);
  for (const [id, name] of [
    [orgId, 'Context Air'],
    [otherOrgId, 'Other Air'],
  ]) {
    const slug = uniqueName('context-air');
    const created = organizationCreatedEvent({ orgId: id, name, slug, correlationId: 'it-interaction-context', tradesOffered: ['HVAC', 'Plumbing'] });
    await applyToProjection(tdb.db, organizationsProjection, { event: created, topic: 'x', partition: 0, offset: '0' });
  }
  const agent = (id: string, org: string, agentType: string, providerAgentId: string | null) => ({
    id,
    orgId: org,
    agentType,
    provider: 'retell',
    providerAgentId,
    scriptConfig: {},
    jobTypes: [],
    customTools: [],
    templateTools: [],
    transferTools: [],
    promptType: 'default',
    requiresScriptGeneration: false,
    requiresToolGeneration: false,
    neverGenerateScript: false,
    createdAt: new Date(),
    updatedAt: new Date(),
  });
  await tdb.db.agent.createMany({
    data: [
      agent(randomUUID(), orgId, 'RECEPTIONIST', 'agent_front'),
      agent(randomUUID(), orgId, 'DISPATCHER', null),
      agent(randomUUID(), otherOrgId, 'RECEPTIONIST', 'agent_other'),
    ],
  });
}, 60_000);

afterAll(async () => {
  await tdb?.drop();
});

describe('the interaction context reader', () => {
  it("reads the org's prompt fields, hours and its own agents, then the default agent of each type", async () => {
    const org = await createInteractionContextReader(tdb.db).findOrganization(orgId);
    expect(org).toMatchObject({ name: 'Context Air', timezone: 'America/Denver', tradesOffered: ['HVAC', 'Plumbing'] });
    expect(org!.officeHours).toEqual({ timezone: 'America/Denver', regularHours: DEFAULT_REGULAR_HOURS, holidays: [] });
    const recorded = await tdb.db.agent.findMany({ where: { orgId }, select: { id: true, agentType: true, providerAgentId: true } });
    const own = org!.agents!.filter((a) => 'providerAgentId' in a);
    expect(own).toHaveLength(2);
    expect(own).toEqual(expect.arrayContaining(recorded));
    const defaults = org!.agents!.filter((a) => !('providerAgentId' in a));
    expect(defaults.length).toBeGreaterThan(0);
    for (const d of defaults) expect(d.id).toBe(defaultAgentId(orgId, d.agentType));
  });

  it('knows an org without agents, and no org for an unknown id', async () => {
    const reader = createInteractionContextReader(tdb.db);
    await tdb.db.agent.deleteMany({ where: { orgId: otherOrgId } });
    const other = await reader.findOrganization(otherOrgId);
    expect(other!.agents!.every((a) => !('providerAgentId' in a))).toBe(true);
    expect(await reader.findOrganization(randomUUID())).toBeNull();
  });

  it('tells whether an organization exists', async () => {
    const organizations = createOrganizationRepository(tdb.db);
    expect(await organizations.exists(orgId)).toBe(true);
    expect(await organizations.exists(randomUUID())).toBe(false);
  });
});
