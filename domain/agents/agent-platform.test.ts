import { agentPlatformTarget, needsPlatformConfiguration } from './agent-platform';
import { newAgentConfig } from './agent-record';

const AGENT_ID = '5a1d8d7e-1c2b-4a3d-9e8f-7a6b5c4d3e2f';
const org = { id: '0b6f4c1e-6a51-4f0e-9d0c-8a4f1c2b3d4e', name: 'Acme Air', timezone: 'America/Chicago', tradesOffered: ['HVAC'] };
const base = newAgentConfig('OFFICE_HOURS_CSR', org, []);
const tool = {
  name: 'transfer_to_office',
  description: '',
  transfer_destination: { type: 'predefined' as const, number: '+15125550100' },
  transfer_option: { type: 'cold_transfer' as const, show_transferee_as_caller: false },
  show_transferee_as_caller: false,
};
const onRetell = { ...base, provider: 'retell', provider_agent_id: 'agent_x' };

describe('agent platform configuration', () => {
  it("targets the provider's agent, a sandbox agent's own id, and nothing on a platform agent without an id", () => {
    expect(agentPlatformTarget({ id: AGENT_ID, provider: 'retell', provider_agent_id: 'agent_x' })).toEqual({ provider: 'retell', providerAgentId: 'agent_x' });
    expect(agentPlatformTarget({ id: AGENT_ID, provider: 'sandbox', provider_agent_id: null })).toEqual({ provider: 'sandbox', providerAgentId: AGENT_ID });
    expect(agentPlatformTarget({ id: AGENT_ID, provider: 'vapi', provider_agent_id: null })).toBeNull();
    expect(agentPlatformTarget({ id: AGENT_ID, provider: 'in_house', provider_agent_id: 'x' })).toBeNull();
  });

  it('writes when the transfer tools or the platform agent change, and not for other edits', () => {
    const withTool = { ...onRetell, transfer_tools: [tool] };
    expect(needsPlatformConfiguration(AGENT_ID, onRetell, withTool)).toBe(true);
    expect(needsPlatformConfiguration(AGENT_ID, withTool, { ...withTool, friendly_name: 'Front desk' })).toBe(false);
    expect(needsPlatformConfiguration(AGENT_ID, withTool, { ...withTool, provider_agent_id: 'agent_y' })).toBe(true);
    expect(needsPlatformConfiguration(AGENT_ID, withTool, { ...withTool, transfer_tools: [] })).toBe(true);
    expect(needsPlatformConfiguration(AGENT_ID, onRetell, { ...onRetell, provider_agent_id: 'agent_y' })).toBe(false);
    expect(needsPlatformConfiguration(AGENT_ID, null, base)).toBe(false);
    expect(needsPlatformConfiguration(AGENT_ID, { ...withTool }, { ...withTool, provider: 'vapi', provider_agent_id: null })).toBe(false);
  });
});
