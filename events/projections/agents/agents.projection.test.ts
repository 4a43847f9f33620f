import { newAgentConfig } from '../../../domain/agents/agent-record';
import { createEvent } from '../../catalog';
import { evolveAgent } from './agents.projection';

const ORG_ID = '0b6f4c1e-6a51-4f0e-9d0c-8a4f1c2b3d4e';
const OTHER_ORG = '9b6f4c1e-6a51-4f0e-9d0c-8a4f1c2b3d4e';
const AGENT_ID = '5a1d8d7e-1c2b-4a3d-9e8f-7a6b5c4d3e2f';
const org = { id: ORG_ID, name: 'Acme Air', timezone: 'America/Chicago', tradesOffered: ['HVAC'] };
const config = newAgentConfig('OFFICE_HOURS_CSR', org, [{ id: '101', name: 'AC Repair', description: '', businessUnitId: '1' }]);
const envelope = (eventId: string, at: string, orgId = ORG_ID) => ({
  eventId,
  aggregateId: AGENT_ID,
  orgId,
  correlationId: 'c',
  causationId: null,
  occurredAt: new Date(at),
});

const created = createEvent({
  ...envelope('11111111-1111-4111-8111-111111111111', '2026-03-01T12:00:00Z'),
  type: 'AgentCreated',
  data: { orgId: ORG_ID, agentId: AGENT_ID, agent: config },
});
const renamed = createEvent({
  ...envelope('22222222-2222-4222-8222-222222222222', '2026-03-02T12:00:00Z'),
  type: 'AgentUpdated',
  data: { orgId: ORG_ID, agentId: AGENT_ID, agent: { ...config, friendly_name: 'Front desk', job_types: [] } },
});

describe('agents read model', () => {
  it('creates and edits an agent; each event delivered twice changes nothing more', () => {
    const one = evolveAgent(null, created)!;
    expect(one).toMatchObject({
      id: AGENT_ID,
      org_id: ORG_ID,
      agent_type: 'OFFICE_HOURS_CSR',
      friendly_name: 'Office hours CSR',
      created_at: '2026-03-01T12:00:00.000Z',
      updated_at: '2026-03-01T12:00:00.000Z',
    });
    expect(one.job_types.map((t) => t.id)).toEqual(['101']);
    expect(evolveAgent(one, created)).toBe(one);
    const two = evolveAgent(one, renamed)!;
    expect(two).toMatchObject({ friendly_name: 'Front desk', job_types: [], created_at: '2026-03-01T12:00:00.000Z', updated_at: '2026-03-02T12:00:00.000Z' });
    expect(evolveAgent(two, renamed)).toBe(two);
    // A late redelivery of the creation does not undo the edit.
    expect(evolveAgent(two, created)).toBe(two);
  });

  it('does not make an agent out of an edit alone', () => {
    expect(evolveAgent(null, renamed)).toBeNull();
  });

  it("ignores an event that names another org's agent", () => {
    const one = evolveAgent(null, created)!;
    const foreign = createEvent({
      ...envelope('33333333-3333-4333-8333-333333333333', '2026-03-03T12:00:00Z', OTHER_ORG),
      type: 'AgentUpdated',
      data: { orgId: OTHER_ORG, agentId: AGENT_ID, agent: { ...config, friendly_name: 'Hijacked' } },
    });
    expect(evolveAgent(one, foreign)).toBe(one);
  });

  it("shows the platform's last answer on the agent without counting it as an edit; each delivered twice changes nothing more", () => {
    const one = evolveAgent(null, created)!;
    expect(one.platform_sync).toBeNull();
    const platform = { orgId: ORG_ID, agentId: AGENT_ID, provider: 'retell', providerAgentId: 'agent_x', transferToolNames: ['transfer_to_office'] };
    const synced = createEvent({
      ...envelope('44444444-4444-4444-8444-444444444444', '2026-03-04T12:00:00Z'),
      type: 'AgentPlatformConfigured',
      data: platform,
    });
    const two = evolveAgent(one, synced)!;
    expect(two.platform_sync).toEqual({
      status: 'synced',
      provider: 'retell',
      provider_agent_id: 'agent_x',
      at: '2026-03-04T12:00:00.000Z',
      transfer_tool_names: ['transfer_to_office'],
      error: null,
    });
    expect(two.updated_at).toBe(one.updated_at);
    expect(evolveAgent(two, synced)).toBe(two);

    const failed = createEvent({
      ...envelope('55555555-5555-4555-8555-555555555555', '2026-03-05T12:00:00Z'),
      type: 'AgentPlatformConfigurationFailed',
      data: { ...platform, error: { code: 'UNAUTHORIZED', message: 'retell GET /get-agent/agent_x answered 401' } },
    });
    const three = evolveAgent(two, failed)!;
    expect(three.platform_sync).toMatchObject({ status: 'failed', error: 'retell GET /get-agent/agent_x answered 401', at: '2026-03-05T12:00:00.000Z' });
    expect(evolveAgent(three, failed)).toBe(three);
    // An edit after it keeps the platform's last answer until the next one comes.
    expect(evolveAgent(three, renamed)!.platform_sync).toEqual(three.platform_sync);
  });
});
