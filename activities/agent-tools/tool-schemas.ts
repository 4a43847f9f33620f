import { z } from 'zod';
import { ToolArgumentError, toolArgumentErrorOf } from './tool-argument-error';
import { PRESS_DIGIT_DELAY_MS } from './run-voice-agent-tool';
import { TEMPLATE_TOOL_TYPES, type TemplateToolType } from './tool-request';

/** A JSON-schema object of tool parameters, as voice platforms take them. */
export interface ToolParameters {
  type: 'object';
  properties: Record<string, { type: 'string' | 'boolean' | 'integer'; description: string; enum?: string[] }>;
  required: string[];
}

/** One tool as an agent is configured with it. */
export interface AgentToolSchema {
  type: 'http' | 'end_call' | 'press_digit';
  name: string;
  description: string;
  url?: string;
  method?: 'POST';
  query_params?: Record<string, string>;
  parameters?: ToolParameters;
  timeout_ms?: number;
  speak_after_execution?: boolean;
  speak_during_execution?: boolean;
  execution_message_description?: string;
  delay_ms?: number;
}

export interface SchedulingFlags {
  has_zones?: boolean;
  full_reschedule_and_cancel?: boolean;
}

const str = (description: string) => ({ type: 'string' as const, description });
const bool = (description: string) => ({ type: 'boolean' as const, description });
const LOCAL_TIME = 'Org-local date and time without a time zone, like 2026-03-03T10:00:00';

function params(properties: ToolParameters['properties'], required: string[]): ToolParameters {
  return { type: 'object', properties, required };
}

const capacityParams = (extra: 'zipcode' | 'trade' | null) =>
  params(
    {
      time_to_check: str(`${LOCAL_TIME}; always in the future`),
      job_type_id: str('The job type id'),
      business_unit: str('The business unit id, a numeric string'),
      priority: { type: 'integer', description: 'Priority 1 to 5, or 0 if none' },
      execution_message: str('What to say while checking'),
      ...(extra === 'zipcode' ? { zipcode: str('The service address zip code') } : {}),
      ...(extra === 'trade' ? { trade: str('The trade, like HVAC or Plumbing') } : {}),
    },
    ['time_to_check', 'job_type_id', 'business_unit', 'priority', 'execution_message', ...(extra ? [extra] : [])],
  );

/** Spec 000 §5 "Voice tool parameters", with the §7 flag swaps applied. */
function templateParameters(type: TemplateToolType, flags: SchedulingFlags): ToolParameters | undefined {
  const jobId = flags.full_reschedule_and_cancel ? ['job_id'] : [];
  switch (type) {
    case 'check_address':
      return params(
        {
          previouslyCalled: bool('Whether the caller has used the company before'),
          zipcode: str('Zip code'),
          streetNumber: str('Street number'),
          streetName: str('Street name'),
          city: str('City'),
        },
        ['previouslyCalled'],
      );
    case 'check_customer':
      return params({ phoneNumber: str("The caller's phone number") }, ['phoneNumber']);
    case 'confirm_appointment':
      return params({ appointmentId: str('The appointment id from get_jobs') }, ['appointmentId']);
    case 'create_action_callback_request':
      return params({ is_emergency_callback: bool('Whether this is an emergency'), phone_number: str('The number to call back') }, [
        'is_emergency_callback',
        'phone_number',
      ]);
    case 'create_action_job_booking':
      return params(
        {
          appointment_time: str(LOCAL_TIME),
          job_type_id: str('The job type id'),
          business_unit_id: str('The business unit id'),
          address: str('The service address'),
          is_emergency_slot: bool('Whether the slot is an emergency slot'),
          full_name: str("The caller's full name"),
          phone_number: str("The caller's phone number"),
          zip: str('The service address zip code'),
        },
        ['appointment_time', 'job_type_id', 'business_unit_id', 'address', 'is_emergency_slot', 'full_name', 'phone_number'],
      );
    case 'create_action_job_cancel':
      return params({ appointment_time: str(LOCAL_TIME), address: str('The service address'), job_id: str('The job id from get_jobs'), zip: str('Zip code') }, [
        'appointment_time',
        'address',
        ...jobId,
      ]);
    case 'create_action_job_reschedule':
      return params(
        {
          new_appointment_time: str(`${LOCAL_TIME}; in the future`),
          original_appointment_time: str(LOCAL_TIME),
          address: str('The service address'),
          job_id: str('The job id from get_jobs'),
          zip: str('Zip code'),
        },
        ['new_appointment_time', 'original_appointment_time', 'address', ...jobId],
      );
    case 'get_capacity':
      return capacityParams(flags.has_zones ? 'zipcode' : null);
    case 'get_capacity_zones':
      return capacityParams('zipcode');
    case 'get_capacity_trades':
      return capacityParams('trade');
    case 'get_jobs':
      return params({ phone_number: str("The caller's phone number") }, ['phone_number']);
    case 'update_estimate':
      return params({ estimate_id: str('The estimate id'), status: { type: 'string', description: 'sold or unsold', enum: ['sold', 'unsold'] } }, [
        'estimate_id',
        'status',
      ]);
    case 'end_chat':
      return params({}, []);
    default:
      return undefined;
  }
}

const DESCRIPTIONS: Record<TemplateToolType, string> = {
  end_call: 'End the call once the caller has nothing else',
  end_chat: 'End the chat once the visitor has nothing else',
  press_digit: 'Press a digit on the phone keypad (phone menus)',
  check_address: 'Check that an address is in the service area and whether it is on file',
  check_customer: 'Look the caller up by phone number',
  confirm_appointment: 'Confirm an upcoming appointment',
  create_action_callback_request: 'Ask the office to call the caller back',
  create_action_job_booking: 'Book a job at an open time',
  create_action_job_cancel: "Cancel the caller's appointment",
  create_action_job_reschedule: "Move the caller's appointment to an open time",
  get_capacity: 'Check whether a time is open, and the nearest openings',
  get_capacity_zones: 'Check whether a time is open at a zip code, and the nearest openings',
  get_capacity_trades: 'Check whether a time is open for a trade, and the nearest openings',
  get_jobs: "List the caller's upcoming appointments",
  update_estimate: 'Mark an estimate sold or unsold',
};

/** Spec 000 §3 custom tool; timeout_ms 1000 to 600000 (§5). */
export const CustomToolSchema = z.object({
  name: z.string('name is required').trim().min(1, 'name is required'),
  description: z.string().default(''),
  url: z.string('url is required').trim().min(1, 'url is required'),
  speak_after_execution: z.boolean().default(true),
  speak_during_execution: z.boolean().optional(),
  execution_message_description: z.string().optional(),
  parameters: z
    .object({
      type: z.literal('object'),
      properties: z.record(z.string(), z.any()),
      required: z.array(z.string()).default([]),
      title: z.string().optional(),
      description: z.string().optional(),
    })
    .optional(),
  timeout_ms: z.number().int().min(1000, 'timeout_ms must be between 1000 and 600000').max(600_000, 'timeout_ms must be between 1000 and 600000').optional(),
  query_params: z.record(z.string(), z.string()).optional(),
});
export type CustomTool = z.input<typeof CustomToolSchema>;

const withOrg = (text: string, orgId: string) => text.replaceAll('{org_id}', orgId);

/**
 * The tools an agent is configured with: its template tool types as HTTP tools on /voice-agent/tool/{org_id}
 * (flag swaps applied), then its custom tools with {org_id} replaced. An unknown type fails with the spec message.
 */
export function buildAgentToolSchemas(input: {
  orgId: string;
  apiBaseUrl: string;
  templateTools: readonly string[];
  customTools?: readonly CustomTool[];
  flags?: SchedulingFlags;
}): AgentToolSchema[] {
  const flags = input.flags ?? {};
  const toolUrl = `${input.apiBaseUrl.replace(/\/$/, '')}/voice-agent/tool/${input.orgId}`;
  const templates = input.templateTools.map((raw): AgentToolSchema => {
    if (!(TEMPLATE_TOOL_TYPES as readonly string[]).includes(raw)) throw new ToolArgumentError(`Template tool schema not found for tool type: ${raw}`);
    const type = (raw === 'get_capacity' && flags.has_zones ? 'get_capacity_zones' : raw) as TemplateToolType;
    if (type === 'end_call') return { type: 'end_call', name: type, description: DESCRIPTIONS[type] };
    if (type === 'press_digit') return { type: 'press_digit', name: type, description: DESCRIPTIONS[type], delay_ms: PRESS_DIGIT_DELAY_MS };
    return {
      type: 'http',
      name: type,
      description: DESCRIPTIONS[type],
      url: toolUrl,
      method: 'POST',
      query_params: { doNotService: 'true' },
      parameters: templateParameters(type, flags),
      speak_after_execution: true,
    };
  });
  const custom = (input.customTools ?? []).map((raw): AgentToolSchema => {
    const parsed = CustomToolSchema.safeParse(raw);
    if (!parsed.success) throw toolArgumentErrorOf(parsed.error);
    const t = parsed.data;
    return {
      type: 'http',
      name: t.name,
      description: t.description,
      url: withOrg(t.url, input.orgId),
      method: 'POST',
      ...(t.query_params ? { query_params: Object.fromEntries(Object.entries(t.query_params).map(([k, v]) => [k, withOrg(v, input.orgId)])) } : {}),
      ...(t.parameters ? { parameters: { type: 'object', properties: t.parameters.properties, required: t.parameters.required } } : {}),
      ...(t.timeout_ms ? { timeout_ms: t.timeout_ms } : {}),
      speak_after_execution: t.speak_after_execution,
      ...(t.speak_during_execution !== undefined ? { speak_during_execution: t.speak_during_execution } : {}),
      ...(t.execution_message_description ? { execution_message_description: t.execution_message_description } : {}),
    };
  });
  return [...templates, ...custom];
}
