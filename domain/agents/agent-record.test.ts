import { agentProfileOf, applyAgentUpdate, newAgentConfig } from './agent-record';
import type { Agent } from '../contracts/agents.contract';

const org = { id: '0b6f4c1e-6a51-4f0e-9d0c-8a4f1c2b3d4e', name: 'Acme Air', timezone: 'America/Chicago', tradesOffered: ['HVAC', 'Plumbing'] };
const crmJobTypes = [
  { id: '101', name: 'AC Repair', description: 'No cooling', businessUnitId: '1' },
  { id: '104', name: 'Drain Cleaning', description: '', businessUnitId: '2' },
];
const record = (config: ReturnType<typeof newAgentConfig>): Agent => ({
  id: '5a1d8d7e-1c2b-4a3d-9e8f-7a6b5c4d3e2f',
  org_id: org.id,
  created_at: '2026-03-01T12:00:00.000Z',
  updated_at: '2026-03-01T12:00:00.000Z',
  platform_sync: null,
  ...config,
});

describe('agent records', () => {
  it("starts a booking agent with its type's script variables, the CRM's job types and the booking tools", () => {
    const config = newAgentConfig('OFFICE_HOURS_CSR', org, crmJobTypes);
    expect(config.script_config).toMatchObject({ agent_name: 'Olivia', company_name: 'Acme Air', services: 'HVAC, Plumbing' });
    expect(config.job_types).toEqual([
      {
        id: '101',
        name: 'AC Repair',
        description: 'No cooling',
        businessUnitId: '1',
        businessUnitName: '',
        priority: null,
        dispatch: true,
        instruction: 'DEFAULT',
      },
      expect.objectContaining({ id: '104' }),
    ]);
    expect(config.template_tools).toContain('create_action_job_booking');
    expect(config.friendly_name).toBe('Office hours CSR');
  });

  it('gives an agent type that does not book no job types, only callbacks', () => {
    const config = newAgentConfig('RECEPTIONIST', org, crmJobTypes, 'Front desk');
    expect(config).toMatchObject({ friendly_name: 'Front desk', job_types: [], template_tools: ['create_action_callback_request', 'end_call'] });
  });

  it('changes only the fields sent, and the tools follow the job types', () => {
    const config = newAgentConfig('OFFICE_HOURS_CSR', org, crmJobTypes);
    const noJobs = applyAgentUpdate(config, { job_types: [] });
    expect(noJobs).toEqual({ ...config, job_types: [], template_tools: ['create_action_callback_request', 'end_call'] });
    const renamed = applyAgentUpdate(config, { friendly_name: 'Olivia at Acme', skip_script_generation: true });
    expect(renamed).toEqual({ ...config, friendly_name: 'Olivia at Acme', never_generate_script: true });
  });

  it('runs a recorded agent with its own script variables and job types', () => {
    const config = applyAgentUpdate(newAgentConfig('OFFICE_HOURS_CSR', org, crmJobTypes), {
      friendly_name: 'Olivia at Acme',
      script_config: { agent_name: 'Liv', services: ['HVAC', 'Drains'] },
      job_types: [{ ...newAgentConfig('OFFICE_HOURS_CSR', org, crmJobTypes).job_types[1] }],
    });
    const profile = agentProfileOf(record(config), org);
    expect(profile).toMatchObject({
      friendlyName: 'Olivia at Acme',
      agentType: 'OFFICE_HOURS_CSR',
      direction: 'inbound',
      timezone: 'America/Chicago',
      scriptVariables: { agent_name: 'Liv', services: 'HVAC, Drains' },
      jobTypes: [{ id: '104', name: 'Drain Cleaning', description: '', businessUnitId: '2' }],
    });
    expect(profile.tools).toContain('get_capacity');
    expect(agentProfileOf(record({ ...config, job_types: [] }), org).tools).toEqual(['create_action_callback_request', 'end_call']);
  });
});
