import { type Agent, AgentSchema, type TransferTool, type UpdateAgentRequest, UpdateAgentRequestSchema } from '@contracts/agents.contract';
import type { FieldPath } from 'react-hook-form';
import { AGENT_TYPE_LABELS } from '@contracts/call-labels';
import { TRADES } from '@contracts/admin.contract';
import { ACTIVE_VOICE_PROVIDERS, type ActiveVoiceProvider } from '@contracts/voice-platforms.contract';

// The agent editor's form (001 §3 "Agent (fields edited here)") and how it becomes PUT /agent's body.

export { UpdateAgentRequestSchema, TRADES };

export type AgentType = Agent['agent_type'];
/** Every agent type, in the contract's order, for the "New agent" choice. */
export const AGENT_TYPE_CHOICES: readonly AgentType[] = AgentSchema.shape.agent_type.options;

export const agentTypeLabel = (type: string): string => AGENT_TYPE_LABELS[type] ?? type;

export const PLATFORM_LABELS: Record<string, string> = {
  retell: 'Retell',
  vapi: 'Vapi',
  bland: 'Bland',
  synthflow: 'Synthflow',
  sandbox: 'Sandbox voice',
  chat_widget: 'Chat widget',
};

/** The platform an agent runs on, as people name it. */
export const platformLabel = (agent: Pick<Agent, 'provider' | 'provider_agent_config'>): string =>
  agent.provider_agent_config?.type === 'chat_widget' ? PLATFORM_LABELS.chat_widget! : (PLATFORM_LABELS[agent.provider] ?? (agent.provider || '—'));

/** A script variable as the editor shows it; `long` ones get a text area. */
export type ScriptVariable = { key: string; label: string; long?: boolean; placeholder?: string };

const v = (key: string, label: string, long = false, placeholder?: string): ScriptVariable => ({ key, label, long, placeholder });

const AGENT_NAME = v('agent_name', 'Agent name');
const COMPANY_NAME = v('company_name', 'Company name');
const REGULAR_GREETING = v('regular_greeting', 'Greeting', true);
const SALES_GREETING = v('sales_greeting', 'Greeting (outbound)', true);
const OFFICE_HOURS = v('office_hours', 'Office hours', false, 'Monday - Friday 8AM to 5PM');
const COMPANY_ADDRESS = v('company_address', 'Company address');
const COMPANY_PHONE = v('company_phone_number', 'Company phone number');
const BUSINESS_GUIDELINES = v('business_guidelines', 'Business guidelines', true);
const FAQS = v('faqs', 'FAQs', true);
const DO_NOT_SERVICE = v('do_not_service', 'Work you do not do', true);
const PARTING_MESSAGE = v('parting_message', 'Parting message', true);
const DISPATCH_FEE = v('dispatch_fee_value_build', 'Dispatch fee: how to explain its value', true);
const BU_SELECTION = v('business_units_selection_logic', 'How to pick the business unit', true);
const CALL_REASON_FILTERS = v('call_reason_filters', 'Call reason filters', true);
const CALL_QUESTIONS = v('call_questions', 'Questions to ask', true);

/** 000 §3 "Agent script variables, by agent type": the CSR set. */
const CSR: readonly ScriptVariable[] = [
  AGENT_NAME,
  COMPANY_NAME,
  REGULAR_GREETING,
  OFFICE_HOURS,
  COMPANY_ADDRESS,
  COMPANY_PHONE,
  BUSINESS_GUIDELINES,
  FAQS,
  DO_NOT_SERVICE,
  v('callback_keywords', 'Callback keywords', true),
  v('addons', 'Add-ons to offer', true),
  v('home_ownership_policy', 'Home ownership policy', true),
  v('extra_information_to_collect', 'Extra information to collect', true),
  DISPATCH_FEE,
  PARTING_MESSAGE,
  BU_SELECTION,
  v('follow_up_questions_examples', 'Follow-up question examples', true),
];
const CSR_WITHOUT_GREETING = CSR.filter((variable) => variable !== REGULAR_GREETING);

/** Each type's text variables and whether it has services (trades, at least one). */
export const SCRIPT_VARIABLES: Record<AgentType, { variables: readonly ScriptVariable[]; services: boolean }> = {
  OFFICE_HOURS_CSR: { variables: CSR, services: true },
  AFTER_HOURS_CSR: { variables: CSR, services: true },
  DEMO_AGENT: { variables: CSR, services: true },
  CHAT_CSR_AGENT: { variables: CSR_WITHOUT_GREETING, services: true },
  LEAD_ENGAGEMENT_AGENT: { variables: CSR_WITHOUT_GREETING, services: true },
  RECEPTIONIST: { variables: [AGENT_NAME, COMPANY_NAME, COMPANY_ADDRESS, COMPANY_PHONE, REGULAR_GREETING, BUSINESS_GUIDELINES], services: false },
  SALES_AGENT: {
    variables: [SALES_GREETING, DO_NOT_SERVICE, v('sales_faqs', 'Sales FAQs', true), DISPATCH_FEE, PARTING_MESSAGE, BU_SELECTION],
    services: true,
  },
  MEMBERSHIP_AGENT: { variables: [REGULAR_GREETING, v('membership_faqs', 'Membership FAQs', true), BU_SELECTION], services: false },
  HAPPY_CALLS_AGENT: { variables: [CALL_REASON_FILTERS, CALL_QUESTIONS, SALES_GREETING, v('review_link', 'Review link'), PARTING_MESSAGE], services: false },
  ESTIMATE_FOLLOWUPS_AGENT: { variables: [SALES_GREETING, FAQS, PARTING_MESSAGE], services: false },
  APPOINTMENT_REMINDER_AGENT: { variables: [CALL_REASON_FILTERS, CALL_QUESTIONS, SALES_GREETING, PARTING_MESSAGE, BUSINESS_GUIDELINES], services: false },
};

/** 000 §5 ranges of the voice platform's settings. */
export const RESPONSIVENESS = { min: 0.9, max: 1, step: 0.01, fallback: 1 } as const;
export const INTERRUPTION_SENSITIVITY = { min: 0.6, max: 0.9, step: 0.01, fallback: 0.8 } as const;

export type TransferToolForm = {
  name: string;
  description: string;
  number: string;
  mode: 'cold' | 'warm';
  handoff: 'prompt' | 'static_message';
  handoffText: string;
  showTransfereeAsCaller: boolean;
};

export type AgentForm = {
  friendlyName: string;
  script: Record<string, string>;
  services: string[];
  transferTools: TransferToolForm[];
  verifiedCallerId: string;
  skipScriptGeneration: boolean;
  /** Null when the agent has no voice platform settings to edit (the chat widget). */
  voice: { responsiveness: number; interruptionSensitivity: number } | null;
  /** The voice platform the agent runs on and its agent there; null for the chat widget, which has none. */
  platform: { provider: ActiveVoiceProvider; providerAgentId: string } | null;
};

/** The platforms an agent can be moved to, as the editor offers them. */
export const PLATFORM_CHOICES = ACTIVE_VOICE_PROVIDERS;

export const BLANK_TRANSFER_TOOL: TransferToolForm = {
  name: '',
  description: '',
  number: '',
  mode: 'cold',
  handoff: 'prompt',
  handoffText: '',
  showTransfereeAsCaller: false,
};

function transferToolForm(tool: TransferTool): TransferToolForm {
  const option = tool.transfer_option;
  if (option.type === 'cold_transfer') {
    return {
      ...BLANK_TRANSFER_TOOL,
      name: tool.name,
      description: tool.description,
      number: tool.transfer_destination.number,
      showTransfereeAsCaller: option.show_transferee_as_caller || tool.show_transferee_as_caller,
    };
  }
  const handoff = option.public_handoff_option;
  return {
    ...BLANK_TRANSFER_TOOL,
    name: tool.name,
    description: tool.description,
    number: tool.transfer_destination.number,
    mode: 'warm',
    handoff: handoff.type,
    handoffText: handoff.type === 'prompt' ? handoff.prompt : handoff.message,
    showTransfereeAsCaller: tool.show_transferee_as_caller,
  };
}

const VOICE_PROVIDERS = ['retell', 'vapi', 'sandbox'] as const;
type VoiceProvider = (typeof VOICE_PROVIDERS)[number];
const voiceProviderOf = (agent: Agent): VoiceProvider | null => {
  const config = agent.provider_agent_config;
  if (config) return config.type === 'chat_widget' ? null : config.type;
  return (VOICE_PROVIDERS as readonly string[]).includes(agent.provider) ? (agent.provider as VoiceProvider) : null;
};

export function formFrom(agent: Agent): AgentForm {
  const { variables, services } = SCRIPT_VARIABLES[agent.agent_type];
  const script = Object.fromEntries(variables.map(({ key }) => [key, typeof agent.script_config[key] === 'string' ? agent.script_config[key] : '']));
  const shown = agent.script_config.services;
  const config = agent.provider_agent_config;
  return {
    friendlyName: agent.friendly_name ?? '',
    script,
    services: services
      ? Array.isArray(shown)
        ? [...shown]
        : typeof shown === 'string' && shown.trim()
          ? shown.split(',').map((s) => s.trim())
          : ['HVAC']
      : [],
    transferTools: agent.transfer_tools.map(transferToolForm),
    verifiedCallerId: agent.verified_caller_id ?? '',
    skipScriptGeneration: false,
    voice: voiceProviderOf(agent)
      ? {
          responsiveness: config && config.type !== 'chat_widget' ? config.responsiveness : RESPONSIVENESS.fallback,
          interruptionSensitivity: config && config.type !== 'chat_widget' ? config.interruption_sensitivity : INTERRUPTION_SENSITIVITY.fallback,
        }
      : null,
    platform:
      agent.provider_agent_config?.type === 'chat_widget'
        ? null
        : {
            provider: (ACTIVE_VOICE_PROVIDERS as readonly string[]).includes(agent.provider) ? (agent.provider as ActiveVoiceProvider) : 'sandbox',
            providerAgentId: agent.provider_agent_id ?? '',
          },
  };
}

/** The platform fields of PUT /agent when the form changes them (sent only then: they restart the platform's sync). */
function platformChange(agent: Agent, form: AgentForm): Pick<UpdateAgentRequest, 'provider' | 'provider_agent_id'> {
  if (!form.platform) return {};
  const providerAgentId = form.platform.providerAgentId.trim() || null;
  if (form.platform.provider === agent.provider && providerAgentId === agent.provider_agent_id) return {};
  return { provider: form.platform.provider, provider_agent_id: providerAgentId };
}

function transferTool(form: TransferToolForm): TransferTool {
  const base = {
    name: form.name.trim(),
    description: form.description.trim(),
    transfer_destination: { number: form.number.trim(), type: 'predefined' as const },
    show_transferee_as_caller: form.showTransfereeAsCaller,
  };
  if (form.mode === 'cold') return { ...base, transfer_option: { type: 'cold_transfer', show_transferee_as_caller: form.showTransfereeAsCaller } };
  const text = form.handoffText.trim();
  return {
    ...base,
    transfer_option: {
      type: 'warm_transfer',
      public_handoff_option: form.handoff === 'prompt' ? { type: 'prompt', prompt: text } : { type: 'static_message', message: text },
    },
  };
}

/**
 * PUT /agent's body: the script variables merged over the agent's script_config (keys the editor does not show
 * are kept), an empty friendly name left as it is, an empty verified caller id cleared.
 */
export function buildUpdateBody(agent: Agent, form: AgentForm): UpdateAgentRequest {
  const { services } = SCRIPT_VARIABLES[agent.agent_type];
  const script: Record<string, string | string[]> = { ...agent.script_config };
  for (const [key, value] of Object.entries(form.script)) script[key] = value.trim();
  if (services) script.services = form.services;
  const provider = voiceProviderOf(agent);
  const friendlyName = form.friendlyName.trim();
  return {
    agent_id: agent.id,
    ...(friendlyName ? { friendly_name: friendlyName } : {}),
    script_config: script,
    transfer_tools: form.transferTools.map(transferTool),
    skip_script_generation: form.skipScriptGeneration,
    verified_caller_id: form.verifiedCallerId.trim() || null,
    ...(provider && form.voice
      ? { provider_agent_config: { type: provider, responsiveness: form.voice.responsiveness, interruption_sensitivity: form.voice.interruptionSensitivity } }
      : {}),
    ...platformChange(agent, form),
  };
}

const TOOL_FIELDS = ['name', 'description', 'number', 'mode', 'handoff', 'handoffText', 'showTransfereeAsCaller'] as const;

/** Every input of the form by its path: its script variables and each of its transfer tools' fields. */
export function agentFormFields(form: AgentForm): FieldPath<AgentForm>[] {
  return [
    'friendlyName',
    'services',
    'verifiedCallerId',
    'skipScriptGeneration',
    'voice.responsiveness',
    'voice.interruptionSensitivity',
    'platform.provider',
    'platform.providerAgentId',
    ...Object.keys(form.script).map((key) => `script.${key}` as const),
    ...form.transferTools.flatMap((_, i) => TOOL_FIELDS.map((field) => `transferTools.${i}.${field}` as const)),
  ];
}

/** The form's input for a path of PUT /agent's body (`transfer_tools.0.transfer_destination.number` is the first tool's number). */
export function agentFieldOf(path: string): string {
  const tool = /^transfer_tools\.(\d+)(?:\.(.*))?$/.exec(path);
  if (tool) {
    const [, index, rest = ''] = tool;
    const field = rest.startsWith('transfer_destination')
      ? 'number'
      : rest.startsWith('transfer_option.public_handoff_option')
        ? 'handoffText'
        : rest.startsWith('transfer_option')
          ? 'mode'
          : rest === 'show_transferee_as_caller'
            ? 'showTransfereeAsCaller'
            : rest.split('.')[0];
    return `transferTools.${index}.${field}`;
  }
  if (path === 'script_config.services' || path.startsWith('script_config.services.')) return 'services';
  if (path.startsWith('script_config.')) return `script.${path.slice('script_config.'.length)}`;
  if (path === 'friendly_name') return 'friendlyName';
  if (path === 'verified_caller_id') return 'verifiedCallerId';
  if (path === 'skip_script_generation') return 'skipScriptGeneration';
  if (path === 'provider_agent_config.responsiveness') return 'voice.responsiveness';
  if (path === 'provider_agent_config.interruption_sensitivity') return 'voice.interruptionSensitivity';
  if (path === 'provider') return 'platform.provider';
  if (path === 'provider_agent_id') return 'platform.providerAgentId';
  return path;
}

/**
 * What the agent's voice platform last answered when its transfer tools were written there (issue 14 point 2):
 * "Synced to Retell at …" or why it was not; null before anything was written.
 */
export function platformSyncNotice(
  sync: Agent['platform_sync'],
  formatTime: (iso: string) => string = (iso) => new Date(iso).toLocaleString(),
): { status: 'success' | 'error'; text: string } | null {
  if (!sync) return null;
  const platform = PLATFORM_LABELS[sync.provider] ?? sync.provider;
  const tools = sync.transfer_tool_names.length;
  if (sync.status === 'synced') {
    const what = tools === 0 ? 'transfers removed' : `${tools} transfer${tools === 1 ? '' : 's'}`;
    return { status: 'success', text: `Synced to ${platform} at ${formatTime(sync.at)} (${what}, agent ${sync.provider_agent_id})` };
  }
  return {
    status: 'error',
    text: `Not synced to ${platform} (${formatTime(sync.at)}): ${sync.error ?? 'the platform refused the transfers'}. Save the transfers again to retry.`,
  };
}

/**
 * Whether saving `saved` over `before` set its voice platform's agent a new sync to run (the API starts one when the
 * transfers or the platform agent change on an agent that has transfers and a platform agent): the editor then
 * re-reads the agent until a sync newer than the save is recorded.
 */
export function awaitsPlatformSync(before: Agent, saved: Agent): boolean {
  if (!(ACTIVE_VOICE_PROVIDERS as readonly string[]).includes(saved.provider)) return false;
  if (!saved.provider_agent_id && saved.provider !== 'sandbox') return false;
  if (before.transfer_tools.length === 0 && saved.transfer_tools.length === 0) return false;
  const moved = before.provider !== saved.provider || before.provider_agent_id !== saved.provider_agent_id;
  // Saving again retries a platform that refused them (the editor always sends the transfers).
  return moved || before.platform_sync?.status === 'failed' || JSON.stringify(before.transfer_tools) !== JSON.stringify(saved.transfer_tools);
}

/** A sync recorded at or after the save it follows. */
export const syncedSince = (agent: Agent, since: string): boolean => agent.platform_sync !== null && agent.platform_sync.at >= since;
