import { describe, expect, it } from '@jest/globals';
import type { Agent } from '@contracts/agents.contract';
import { requestResolver } from '../../lib/form-errors';
import {
  agentFieldOf,
  agentFormFields,
  type AgentForm,
  awaitsPlatformSync,
  BLANK_TRANSFER_TOOL,
  buildUpdateBody,
  formFrom,
  platformLabel,
  platformSyncNotice,
  SCRIPT_VARIABLES,
  syncedSince,
  UpdateAgentRequestSchema,
} from './agent-form';

const agent: Agent = {
  id: '4f1c2d3e-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
  org_id: '6f1c2b9e-0d4a-4c3b-8e7f-1a2b3c4d5e6f',
  created_at: '2026-11-27T10:00:00.000Z',
  updated_at: '2026-11-27T10:00:00.000Z',
  agent_type: 'OFFICE_HOURS_CSR',
  provider: 'retell',
  provider_agent_id: null,
  friendly_name: 'Main line',
  provider_phone_number: '+15550001111',
  script_config: { agent_name: 'Olivia', services: ['HVAC', 'Plumbing'], job_types_json: '[]' },
  job_types: [],
  custom_tools: [],
  template_tools: [],
  transfer_tools: [
    {
      name: 'to_office',
      description: 'Billing questions',
      transfer_destination: { number: '+15551234567', type: 'predefined' },
      transfer_option: { type: 'warm_transfer', public_handoff_option: { type: 'static_message', message: 'A billing call' } },
      show_transferee_as_caller: true,
    },
  ],
  prompt_type: 'DEFAULT',
  notification_email: null,
  requires_script_generation: false,
  requires_tool_generation: false,
  never_generate_script: false,
  script_source_agent_id: null,
  verified_caller_id: null,
  provider_agent_config: null,
  platform_sync: null,
};

/** What the resolver marks for a form: field path → message. */
function resolve(form: AgentForm): Record<string, string> {
  const resolver = requestResolver<AgentForm>(UpdateAgentRequestSchema, (f) => buildUpdateBody(agent, f), agentFormFields(form), agentFieldOf);
  const { errors } = resolver(form, undefined, { fields: {}, shouldUseNativeValidation: false }) as { errors: Record<string, unknown> };
  const flat: Record<string, string> = {};
  const walk = (node: unknown, path: string[]) => {
    if (!node || typeof node !== 'object') return;
    if ('message' in node && typeof (node as { message: unknown }).message === 'string') flat[path.join('.')] = (node as { message: string }).message;
    else for (const [key, value] of Object.entries(node)) walk(value, [...path, key]);
  };
  walk(errors, []);
  return flat;
}

describe('the agent editor form', () => {
  it('shows the script variables of the agent type, the services as trades, and the tools as they are', () => {
    const form = formFrom(agent);
    expect(Object.keys(form.script)).toEqual(SCRIPT_VARIABLES.OFFICE_HOURS_CSR.variables.map((v) => v.key));
    expect(form.script).toMatchObject({ agent_name: 'Olivia', company_name: '' });
    expect(form.services).toEqual(['HVAC', 'Plumbing']);
    expect(form.transferTools).toEqual([
      {
        name: 'to_office',
        description: 'Billing questions',
        number: '+15551234567',
        mode: 'warm',
        handoff: 'static_message',
        handoffText: 'A billing call',
        showTransfereeAsCaller: true,
      },
    ]);
    // A Retell agent without settings yet starts from the platform's defaults inside 000 §5's ranges.
    expect(form.voice).toEqual({ responsiveness: 1, interruptionSensitivity: 0.8 });
  });

  it('has no greeting for a chat agent and no voice settings on the chat widget', () => {
    const chat = formFrom({
      ...agent,
      agent_type: 'CHAT_CSR_AGENT',
      provider: 'chat_widget',
      provider_agent_config: { type: 'chat_widget', chat_widget_config: {} },
    });
    expect(chat.script).not.toHaveProperty('regular_greeting');
    expect(chat.voice).toBeNull();
    expect(formFrom({ ...agent, agent_type: 'RECEPTIONIST' }).services).toEqual([]);
  });

  it("sends PUT /agent's body: script variables merged over the agent's, a cold tool, a cleared caller id, the voice settings", () => {
    const form = formFrom(agent);
    form.friendlyName = '  Front desk ';
    form.script.company_name = ' Demo HVAC ';
    form.services = ['Drains'];
    form.transferTools.push({ ...BLANK_TRANSFER_TOOL, name: 'dispatch', number: '+15559870000', showTransfereeAsCaller: true });
    form.voice = { responsiveness: 0.95, interruptionSensitivity: 0.7 };
    const body = buildUpdateBody(agent, form);
    expect(UpdateAgentRequestSchema.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({
      agent_id: agent.id,
      friendly_name: 'Front desk',
      verified_caller_id: null,
      skip_script_generation: false,
      provider_agent_config: { type: 'retell', responsiveness: 0.95, interruption_sensitivity: 0.7 },
    });
    expect(body.script_config).toMatchObject({ agent_name: 'Olivia', company_name: 'Demo HVAC', services: ['Drains'], job_types_json: '[]' });
    expect(body.transfer_tools?.[0]).toEqual(agent.transfer_tools[0]);
    expect(body.transfer_tools?.[1]).toEqual({
      name: 'dispatch',
      description: '',
      transfer_destination: { number: '+15559870000', type: 'predefined' },
      transfer_option: { type: 'cold_transfer', show_transferee_as_caller: true },
      show_transferee_as_caller: true,
    });
    expect(buildUpdateBody(agent, { ...form, friendlyName: '   ' })).not.toHaveProperty('friendly_name');
  });

  it("marks each field with the API's message: a bad number, a bad tool name, no handoff text, no service", () => {
    const form = formFrom(agent);
    form.services = [];
    form.transferTools = [
      { ...BLANK_TRANSFER_TOOL, name: 'to office!', number: '555-1234' },
      { ...BLANK_TRANSFER_TOOL, name: 'ok', number: '+15551234567', mode: 'warm', handoff: 'prompt', handoffText: '  ' },
    ];
    expect(resolve(form)).toEqual({
      services: 'At least one service is required',
      'transferTools.0.name': 'Must contain only a-z, A-Z, 0-9, underscores, or dashes (max 64 chars)',
      'transferTools.0.number': 'Phone number must be in E.164 format (+1XXXXXXXXXX)',
      'transferTools.1.handoffText': 'Handoff prompt is required',
    });
    expect(resolve(formFrom(agent))).toEqual({});
  });

  it('names the platform as people do, the chat widget by its config', () => {
    expect(platformLabel(agent)).toBe('Retell');
    expect(platformLabel({ provider: 'sandbox', provider_agent_config: { type: 'chat_widget', chat_widget_config: {} } })).toBe('Chat widget');
    expect(platformLabel({ provider: 'bland', provider_agent_config: null })).toBe('Bland');
    expect(platformLabel({ provider: 'in_house', provider_agent_config: null })).toBe('in_house');
  });

  it("maps the API's issue paths to the form's inputs", () => {
    expect(agentFieldOf('transfer_tools.2.transfer_destination.number')).toBe('transferTools.2.number');
    expect(agentFieldOf('transfer_tools.0.transfer_option.public_handoff_option.message')).toBe('transferTools.0.handoffText');
    expect(agentFieldOf('transfer_tools.1.name')).toBe('transferTools.1.name');
    expect(agentFieldOf('script_config.services')).toBe('services');
    expect(agentFieldOf('script_config.faqs')).toBe('script.faqs');
    expect(agentFieldOf('provider_agent_config.responsiveness')).toBe('voice.responsiveness');
    expect(agentFieldOf('friendly_name')).toBe('friendlyName');
  });

  it("tells whether the voice platform took the agent's transfers, and why not", () => {
    const at = (iso: string) => `at:${iso}`;
    expect(platformSyncNotice(null, at)).toBeNull();
    const sync = {
      status: 'synced' as const,
      provider: 'retell',
      provider_agent_id: 'agent_x',
      at: '2026-11-28T04:30:00.000Z',
      transfer_tool_names: ['to_office'],
      error: null,
    };
    expect(platformSyncNotice(sync, at)).toEqual({ status: 'success', text: 'Synced to Retell at at:2026-11-28T04:30:00.000Z (1 transfer, agent agent_x)' });
    expect(platformSyncNotice({ ...sync, transfer_tool_names: [] }, at)?.text).toContain('transfers removed');
    expect(platformSyncNotice({ ...sync, status: 'failed', provider: 'vapi', error: 'vapi GET /assistant/a answered 401: Invalid Key' }, at)).toEqual({
      status: 'error',
      text: 'Not synced to Vapi (at:2026-11-28T04:30:00.000Z): vapi GET /assistant/a answered 401: Invalid Key. Save the transfers again to retry.',
    });
  });

  it('sends the platform and its agent id only when the form changes them, and maps their errors', () => {
    const form = formFrom(agent);
    expect(form.platform).toEqual({ provider: 'retell', providerAgentId: '' });
    expect(buildUpdateBody(agent, form)).not.toHaveProperty('provider');
    const moved = buildUpdateBody(agent, { ...form, platform: { provider: 'vapi', providerAgentId: ' asst_123 ' } });
    expect(moved).toMatchObject({ provider: 'vapi', provider_agent_id: 'asst_123' });
    expect(UpdateAgentRequestSchema.safeParse(moved).success).toBe(true);
    expect(buildUpdateBody({ ...agent, provider_agent_id: 'agent_1' }, { ...form, platform: { provider: 'retell', providerAgentId: '  ' } })).toMatchObject({
      provider: 'retell',
      provider_agent_id: null,
    });
    expect(formFrom({ ...agent, provider_agent_config: { type: 'chat_widget' } as Agent['provider_agent_config'] }).platform).toBeNull();
    expect(agentFieldOf('provider_agent_id')).toBe('platform.providerAgentId');
    expect(agentFieldOf('provider')).toBe('platform.provider');
  });

  it('waits for a platform sync after a save that starts one, until one newer than the save is recorded', () => {
    const saved = { ...agent, provider_agent_id: 'agent_9', updated_at: '2026-11-28T05:00:00.000Z' };
    expect(awaitsPlatformSync(agent, saved)).toBe(true);
    expect(awaitsPlatformSync(saved, { ...saved, friendly_name: 'Renamed' })).toBe(false);
    expect(awaitsPlatformSync(saved, { ...saved, transfer_tools: [] })).toBe(true);
    expect(awaitsPlatformSync({ ...saved, transfer_tools: [] }, { ...saved, transfer_tools: [] })).toBe(false);
    // A Retell agent with no agent id there has nowhere to write to; the sandbox's agent is the agent itself.
    expect(awaitsPlatformSync(agent, { ...agent, transfer_tools: [] })).toBe(false);
    expect(awaitsPlatformSync({ ...agent, provider: 'sandbox' }, { ...agent, provider: 'sandbox', transfer_tools: [] })).toBe(true);
    const failed = {
      status: 'failed' as const,
      provider: 'retell',
      provider_agent_id: 'agent_9',
      at: '2026-11-28T04:00:00.000Z',
      transfer_tool_names: [],
      error: 'x',
    };
    expect(awaitsPlatformSync({ ...saved, platform_sync: failed }, saved)).toBe(true);
    expect(syncedSince({ ...saved, platform_sync: failed }, saved.updated_at)).toBe(false);
    expect(syncedSince({ ...saved, platform_sync: { ...failed, at: '2026-11-28T05:00:01.000Z' } }, saved.updated_at)).toBe(true);
  });
});
