import { z } from 'zod';
import { AgentTypeSchema } from '../interaction/interaction.schema';
import { TransferDestinationNumberSchema } from '../validation/phone';
import { ACTIVE_VOICE_PROVIDERS } from '../voice-platform/voice-platform';
import { CustomToolTimeoutMsSchema, EmailSchema, InterruptionSensitivitySchema, ResponsivenessSchema, TransferToolNameSchema } from '../validation/messages';

// Agents as records (spec 000 §3 "Agent", "Agent tools"; 001 §3 "Agent (fields edited here)"; 000 §7 GET /agents;
// 001 §7 POST/PUT /agent). Shared by the API and the dashboard's Agents, agent editor and Job Types pages.

/** 000 §4 "Agent prompts and tools". */
export const PROMPT_TYPES = [
  'DEFAULT',
  'ZONES',
  'STAGING',
  'CALLBACKS',
  'GET_JOBS',
  'ZONES_GET_JOBS',
  'CHAT',
  'CSR_TRADES',
  'ZONES_GET_JOBS_ETA',
  'SCHEDULED_JOBS',
] as const;
export const PromptTypeSchema = z.enum(PROMPT_TYPES);

export const TEMPLATE_TOOL_TYPES = [
  'end_call',
  'create_action_job_booking',
  'create_action_callback_request',
  'create_action_job_cancel',
  'create_action_job_reschedule',
  'get_capacity',
  'get_capacity_zones',
  'get_capacity_trades',
  'check_address',
  'update_estimate',
  'get_jobs',
  'check_customer',
  'end_chat',
  'press_digit',
  'confirm_appointment',
] as const;
export const TemplateToolTypeSchema = z.enum(TEMPLATE_TOOL_TYPES);

/** 001 §9: job priority 1–5; job-type instruction options. */
export const JOB_TYPE_INSTRUCTIONS = ['CALLBACK ONLY', 'OVERRIDE ACP', 'DEFAULT'] as const;

/** 000 §3 job_types[] item: what an agent may book. */
export const AgentJobTypeSchema = z.object({
  id: z.string().trim().min(1, 'Job type id is required'),
  name: z.string().trim().min(1, 'Job type name is required'),
  description: z.string().default(''),
  businessUnitId: z.string().trim().min(1, 'Business unit is required'),
  businessUnitName: z.string().default(''),
  priority: z.number().int().min(1).max(5).nullable().default(null),
  dispatch: z.boolean().default(true),
  instruction: z.enum(JOB_TYPE_INSTRUCTIONS).default('DEFAULT'),
});
export type AgentJobType = z.infer<typeof AgentJobTypeSchema>;

/** 000 §3 transfer_call: cold or warm, to a predefined E.164 number. */
export const TransferOptionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('cold_transfer'), show_transferee_as_caller: z.boolean().default(false) }),
  z.object({
    type: z.literal('warm_transfer'),
    public_handoff_option: z.discriminatedUnion('type', [
      z.object({ type: z.literal('prompt'), prompt: z.string().trim().min(1, 'Handoff prompt is required') }),
      z.object({ type: z.literal('static_message'), message: z.string().trim().min(1, 'Handoff message is required') }),
    ]),
  }),
]);
export type TransferOption = z.infer<typeof TransferOptionSchema>;

export const TransferToolSchema = z.object({
  name: TransferToolNameSchema,
  description: z.string().default(''),
  transfer_destination: z.object({ number: TransferDestinationNumberSchema, type: z.literal('predefined').default('predefined') }),
  transfer_option: TransferOptionSchema,
  warm_transfer_option: z.object({ type: z.literal('prompt'), prompt: z.string() }).optional(),
  show_transferee_as_caller: z.boolean().default(false),
});
export type TransferTool = z.infer<typeof TransferToolSchema>;

/** 000 §3 custom tool; 000 §5: timeout_ms 1000 to 600000. */
export const CustomToolSchema = z.object({
  name: TemplateToolTypeSchema,
  description: z.string().default(''),
  speak_after_execution: z.boolean().default(true),
  speak_during_execution: z.boolean().default(false),
  url: z.url().optional(),
  execution_message_description: z.string().optional(),
  parameters: z
    .object({
      type: z.literal('object'),
      properties: z.record(z.string(), z.unknown()),
      required: z.array(z.string()).default([]),
      title: z.string().optional(),
      description: z.string().optional(),
    })
    .optional(),
  timeout_ms: CustomToolTimeoutMsSchema.optional(),
  query_params: z.record(z.string(), z.string()).optional(),
});
export type CustomTool = z.infer<typeof CustomToolSchema>;

/** 000 §3 provider_agent_config; 000 §5: responsiveness 0.9–1, interruption sensitivity 0.6–0.9. */
export const ProviderAgentConfigSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.enum(['retell', 'vapi', 'sandbox']),
    responsiveness: ResponsivenessSchema,
    interruption_sensitivity: InterruptionSensitivitySchema,
  }),
  z.object({ type: z.literal('chat_widget'), chat_widget_config: z.record(z.string(), z.unknown()) }),
]);
export type ProviderAgentConfig = z.infer<typeof ProviderAgentConfigSchema>;

/** 000 §3 "Agent script variables, by agent type": string values; services is a list (at least 1, 000 §5). */
export const ScriptConfigSchema = z
  .record(z.string(), z.union([z.string(), z.array(z.string())]))
  .refine((c) => !('services' in c) || (Array.isArray(c.services) ? c.services.length > 0 : c.services.trim() !== ''), {
    message: 'At least one service is required',
    path: ['services'],
  });
export type ScriptConfig = z.infer<typeof ScriptConfigSchema>;

/**
 * The last outcome of writing the agent's transfer tools to its voice platform's own agent (issue 14 point 2):
 * `synced` once the platform took them, `failed` with the platform's reason once retrying gave up or cannot help.
 * Null until a configuration has run. Not part of the agent's configuration: the platform's answer sets it.
 */
export const AgentPlatformSyncSchema = z.object({
  status: z.enum(['synced', 'failed']),
  provider: z.string(),
  provider_agent_id: z.string(),
  at: z.string(),
  transfer_tool_names: z.array(z.string()),
  error: z.string().nullable(),
});
export type AgentPlatformSync = z.infer<typeof AgentPlatformSyncSchema>;

/** The agent record as the API answers it (000 §3 "Agent"). */
export const AgentSchema = z.object({
  id: z.uuid(),
  org_id: z.uuid(),
  created_at: z.string(),
  updated_at: z.string(),
  agent_type: AgentTypeSchema,
  provider: z.string(),
  provider_agent_id: z.string().nullable(),
  friendly_name: z.string().nullable(),
  provider_phone_number: z.string().nullable(),
  script_config: ScriptConfigSchema,
  job_types: z.array(AgentJobTypeSchema),
  custom_tools: z.array(CustomToolSchema),
  template_tools: z.array(TemplateToolTypeSchema),
  transfer_tools: z.array(TransferToolSchema),
  prompt_type: PromptTypeSchema,
  notification_email: z.string().nullable(),
  requires_script_generation: z.boolean(),
  requires_tool_generation: z.boolean(),
  never_generate_script: z.boolean(),
  script_source_agent_id: z.uuid().nullable(),
  verified_caller_id: z.string().nullable(),
  provider_agent_config: ProviderAgentConfigSchema.nullable(),
  platform_sync: AgentPlatformSyncSchema.nullable(),
});
export type Agent = z.infer<typeof AgentSchema>;

/** 000 §3 "Admin list view of an agent"; 000 §7 GET /agents. */
export const AgentListItemSchema = z.object({
  id: z.uuid(),
  agent_type: AgentTypeSchema,
  friendly_name: z.string().nullable(),
  job_types_count: z.number().int(),
});
export const AgentsListResponseSchema = z.object({ agents: z.array(AgentListItemSchema) });
export type AgentsListResponse = z.infer<typeof AgentsListResponseSchema>;

export const AgentsListQuerySchema = z.object({
  orgId: z.uuid('orgId must be a UUID'),
  requireJobTypes: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

/** 001 §3 "Agent create request": agent_type (optional; OFFICE_HOURS_CSR), org_id, agent_id (optional). */
export const CreateAgentRequestSchema = z.object({
  agent_type: AgentTypeSchema.default('OFFICE_HOURS_CSR'),
  org_id: z.uuid('org_id must be a UUID'),
  agent_id: z.uuid('agent_id must be a UUID').optional(),
  friendly_name: z.string().trim().min(1).max(80).optional(),
});
export type CreateAgentRequest = z.infer<typeof CreateAgentRequestSchema>;

/** 001 §3 "Agent update request": each field optional except agent_id; only the given fields change. */
export const UpdateAgentRequestSchema = z.object({
  agent_id: z.uuid('agent_id must be a UUID'),
  friendly_name: z.string().trim().min(1).max(80).optional(),
  script_config: ScriptConfigSchema.optional(),
  job_types: z.array(AgentJobTypeSchema).optional(),
  transfer_tools: z.array(TransferToolSchema).optional(),
  skip_script_generation: z.boolean().optional(),
  verified_caller_id: z.string().nullable().optional(),
  provider_agent_config: ProviderAgentConfigSchema.nullable().optional(),
  notification_email: EmailSchema.nullable().optional(),
  /**
   * The voice platform the agent runs on and its agent there (000 §3 provider, provider_agent_id; 001 §2 "provider
   * agent settings"). With a Retell or Vapi agent id, the agent's transfer tools are written to that agent.
   */
  provider: z.enum(ACTIVE_VOICE_PROVIDERS).optional(),
  provider_agent_id: z.string().trim().min(1, 'Provider agent id is required').max(200).nullable().optional(),
});
export type UpdateAgentRequest = z.infer<typeof UpdateAgentRequestSchema>;

/** 001 §3 "Job types update request": jobTypes, agentId. */
export const UpdateAgentJobTypesRequestSchema = z.object({
  agentId: z.uuid('agentId must be a UUID'),
  jobTypes: z.array(AgentJobTypeSchema),
});
export type UpdateAgentJobTypesRequest = z.infer<typeof UpdateAgentJobTypesRequestSchema>;
