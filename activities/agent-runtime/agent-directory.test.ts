import type { CrmProvider } from '../crm/crm.port';
import { newAgentConfig } from '../../domain/agents/agent-record';
import { AGENT_TYPES } from '../../domain/interaction/interaction.schema';
import type { Agent } from '../../domain/contracts/agents.contract';
import { createAgentDirectory, defaultAgentId } from './agent-directory';

const org = { id: '0b6f4c1e-6a51-4f0e-9d0c-8a4f1c2b3d4e', name: 'Acme Air', timezone: 'America/Chicago', tradesOffered: ['HVAC'], crmName: 'servicetitan' };

function fakeCrm(fail = false) {
  const asked: string[] = [];
  const crm = {
    forOrganization: (orgId: string) => ({
      listJobTypes: async () => {
        asked.push(orgId);
        if (fail) throw new Error('CRM down');
        return [
          { id: '101', name: 'AC Repair', summary: 'No cooling', businessUnitIds: ['1'] },
          { id: '999', name: 'Unassigned', summary: null, businessUnitIds: [] },
        ];
      },
    }),
  } as unknown as CrmProvider;
  return { crm, asked };
}

const recorded = (type: Agent['agent_type'], id: string, friendlyName: string): Agent => ({
  id,
  org_id: org.id,
  created_at: '2026-03-01T12:00:00.000Z',
  updated_at: '2026-03-01T12:00:00.000Z',
  platform_sync: null,
  ...newAgentConfig(type, org, [{ id: '104', name: 'Drain Cleaning', description: '', businessUnitId: '2' }], friendlyName),
});

describe('the agent directory', () => {
  it('gives an org without records one default agent per type, with the bookable CRM job types', async () => {
    const { crm } = fakeCrm();
    const agents = await createAgentDirectory({ findOrganization: async () => org, crm, listRecordedAgents: async () => [] }).listAgents(org.id);
    expect(agents.map((a) => a.agentType)).toEqual([...new Set(agents.map((a) => a.agentType))]);
    expect(agents).toHaveLength(AGENT_TYPES.length);
    const csr = agents.find((a) => a.agentType === 'OFFICE_HOURS_CSR')!;
    expect(csr).toMatchObject({ id: defaultAgentId(org.id, 'OFFICE_HOURS_CSR'), jobTypes: [{ id: '101', businessUnitId: '1' }] });
  });

  it("runs the recorded agents of a type in its default agent's place, as configured", async () => {
    const { crm } = fakeCrm();
    const records = [
      recorded('OFFICE_HOURS_CSR', '5a1d8d7e-1c2b-4a3d-9e8f-7a6b5c4d3e2f', 'Front desk'),
      recorded('OFFICE_HOURS_CSR', '6a1d8d7e-1c2b-4a3d-9e8f-7a6b5c4d3e2f', 'Overflow'),
    ];
    const directory = createAgentDirectory({ findOrganization: async () => org, crm, listRecordedAgents: async () => records });
    const agents = await directory.listAgents(org.id);
    expect(agents).toHaveLength(AGENT_TYPES.length + 1);
    expect(agents.filter((a) => a.agentType === 'OFFICE_HOURS_CSR').map((a) => a.friendlyName)).toEqual(['Front desk', 'Overflow']);
    expect(agents.map((a) => a.id)).not.toContain(defaultAgentId(org.id, 'OFFICE_HOURS_CSR'));
    expect((await directory.findAgent(org.id, records[0].id))?.jobTypes).toEqual([{ id: '104', name: 'Drain Cleaning', description: '', businessUnitId: '2' }]);
    // Other types still book the CRM's job types.
    expect(agents.find((a) => a.agentType === 'AFTER_HOURS_CSR')?.jobTypes.map((t) => t.id)).toEqual(['101']);
  });

  it('asks the CRM nothing once every type has a record, and leaves defaults without job types when it is down', async () => {
    const all = AGENT_TYPES.map((t, i) => recorded(t, `${String(i).padStart(8, '0')}-1c2b-4a3d-9e8f-7a6b5c4d3e2f`, t));
    const up = fakeCrm();
    expect(await createAgentDirectory({ findOrganization: async () => org, crm: up.crm, listRecordedAgents: async () => all }).listAgents(org.id)).toHaveLength(
      11,
    );
    expect(up.asked).toEqual([]);
    const down = fakeCrm(true);
    const agents = await createAgentDirectory({ findOrganization: async () => org, crm: down.crm, listRecordedAgents: async () => [] }).listAgents(org.id);
    expect(agents.find((a) => a.agentType === 'OFFICE_HOURS_CSR')).toMatchObject({ jobTypes: [], tools: ['create_action_callback_request', 'end_call'] });
  });
});
