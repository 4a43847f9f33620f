import type { ToolDefinition } from '../llm/language-engine.port';
import type { AgentProfile, AgentTransfer, TemplateToolName } from '../../domain/agents/agent-profile';

const ZIP = { type: 'string', description: "The service address's zip code" };

/** JSON schemas of the template tools, matching the endpoint's parameter rules (spec 000 §5). */
const TOOL_DEFINITIONS: Record<TemplateToolName, ToolDefinition> = {
  check_address: {
    name: 'check_address',
    description: 'Check that the service address is in the service area. Call it once the caller gave the address with its zip code.',
    parameters: {
      type: 'object',
      properties: {
        previouslyCalled: { type: 'boolean', description: 'Whether the caller said they used us before' },
        zipcode: ZIP,
        streetNumber: { type: 'string' },
        streetName: { type: 'string' },
        city: { type: 'string' },
      },
      required: ['previouslyCalled', 'zipcode'],
    },
  },
  get_capacity: {
    name: 'get_capacity',
    description: 'Find open appointment windows at or after a local date and time for a job type.',
    parameters: {
      type: 'object',
      properties: {
        time_to_check: { type: 'string', description: 'Local date and time like 2026-03-03T10:00:00, without a time zone' },
        job_type_id: { type: 'string' },
        business_unit: { type: 'string' },
        priority: { type: 'integer', description: '1 to 5, or 0 if none' },
        execution_message: { type: 'string', description: 'What to say while checking' },
        zipcode: ZIP,
      },
      required: ['time_to_check', 'job_type_id', 'business_unit', 'priority', 'execution_message'],
    },
  },
  create_action_job_booking: {
    name: 'create_action_job_booking',
    description: 'Book the job in the window the caller picked.',
    parameters: {
      type: 'object',
      properties: {
        appointment_time: { type: 'string', description: 'Local start of the window, like 2026-03-03T10:00:00' },
        job_type_id: { type: 'string' },
        business_unit_id: { type: 'string' },
        address: { type: 'string' },
        zip: ZIP,
        is_emergency_slot: { type: 'boolean' },
        full_name: { type: 'string' },
        phone_number: { type: 'string' },
      },
      required: ['appointment_time', 'job_type_id', 'business_unit_id', 'address', 'is_emergency_slot', 'full_name', 'phone_number'],
    },
  },
  create_action_callback_request: {
    name: 'create_action_callback_request',
    description: 'Ask the office to call the caller back.',
    parameters: {
      type: 'object',
      properties: { is_emergency_callback: { type: 'boolean' }, phone_number: { type: 'string' } },
      required: ['is_emergency_callback', 'phone_number'],
    },
  },
  end_call: { name: 'end_call', description: 'End the call after saying goodbye.', parameters: { type: 'object', properties: {}, required: [] } },
};

/**
 * 000 §3 transfer_call, described from the agent's own transfer tools: each tool's name and description, so a
 * model picks the right one by name. The runtime performs the transfer (conversation.ts).
 */
export function transferToolDefinition(transfers: readonly AgentTransfer[]): ToolDefinition {
  const lines = transfers.map((t) => `- ${t.name}: ${t.description || 'transfer to a person at the office'} (${t.kind} transfer)`);
  return {
    name: 'transfer_call',
    description: ['Transfer the call to a person when the caller asks for one. Transfer tools:', ...lines].join('\n'),
    parameters: {
      type: 'object',
      properties: { tool_name: { type: 'string', enum: transfers.map((t) => t.name), description: 'Which transfer tool to use' } },
      required: ['tool_name'],
    },
  };
}

export function toolDefinitionsFor(agent: AgentProfile): ToolDefinition[] {
  const transfers = agent.transfers ?? [];
  return agent.tools.flatMap((name) => {
    if (name !== 'transfer_call') return [TOOL_DEFINITIONS[name]];
    return transfers.length > 0 ? [transferToolDefinition(transfers)] : [];
  });
}

/**
 * The system prompt. Besides the instructions it carries two machine-readable lines the offline engine
 * reads: the company name and the org-local time, and one line per job type.
 */
export function systemPromptFor(agent: AgentProfile, localNow: string): string {
  const v = agent.scriptVariables;
  const lines = [
    `You are ${v.agent_name ?? 'the agent'}, the ${agent.friendlyName} voice agent of a home-service company (${agent.agentType}).`,
    `Company: ${v.company_name ?? ''}`,
    `Current local time: ${localNow}`,
    'Keep answers short and spoken. Collect the problem, full name, phone number and the service address with its zip code.',
    agent.tools.includes('get_capacity')
      ? 'Check the address, then find open windows with get_capacity, offer up to three, and book the one the caller picks with create_action_job_booking. If the caller only wants a callback, use create_action_callback_request.'
      : 'You cannot book appointments: take a callback request with create_action_callback_request.',
    ...(agent.tools.includes('transfer_call') && (agent.transfers ?? []).length > 0
      ? ['When the caller asks for a person (a human, a manager, the office), call transfer_call with the transfer tool that fits.']
      : []),
    'When the caller has nothing else, say goodbye and call end_call. Callers who are not customers (wrong numbers, sales pitches, job seekers) are thanked and the call ends.',
    ...Object.entries(v).map(([key, value]) => `${key}: ${value}`),
  ];
  if (agent.jobTypes.length > 0) {
    lines.push('Job types (id | business unit | name):', ...agent.jobTypes.map((t) => `- ${t.id} | ${t.businessUnitId} | ${t.name}`));
  }
  return lines.join('\n');
}
