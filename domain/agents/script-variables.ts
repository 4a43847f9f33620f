import type { AgentType } from '../interaction/interaction.schema';

/**
 * Spec 000 §3 "Agent script variables, by agent type": every variable script generation may write. `services`
 * is a list; the rest are text. job_types_json and business_units come from the agent's job types, not from
 * a website, so generation leaves them alone.
 */
export const SCRIPT_VARIABLES = [
  'agent_name',
  'company_name',
  'company_information',
  'regular_greeting',
  'sales_greeting',
  'services',
  'office_hours',
  'company_address',
  'company_phone_number',
  'business_guidelines',
  'faqs',
  'sales_faqs',
  'membership_faqs',
  'do_not_service',
  'callback_keywords',
  'addons',
  'home_ownership_policy',
  'extra_information_to_collect',
  'dispatch_fee_value_build',
  'parting_message',
  'business_units_selection_logic',
  'follow_up_questions_examples',
  'call_reason_filters',
  'call_questions',
  'review_link',
] as const;
export type ScriptVariable = (typeof SCRIPT_VARIABLES)[number];

const CSR: ScriptVariable[] = [
  'agent_name',
  'company_name',
  'regular_greeting',
  'services',
  'office_hours',
  'company_address',
  'company_phone_number',
  'business_guidelines',
  'faqs',
  'do_not_service',
  'callback_keywords',
  'addons',
  'home_ownership_policy',
  'extra_information_to_collect',
  'dispatch_fee_value_build',
  'parting_message',
  'business_units_selection_logic',
  'follow_up_questions_examples',
];

/** The variables of each agent type (agent_name and company_name on every type: its script names both). */
export const SCRIPT_VARIABLES_BY_AGENT_TYPE: Record<AgentType, readonly ScriptVariable[]> = {
  OFFICE_HOURS_CSR: CSR,
  AFTER_HOURS_CSR: CSR,
  DEMO_AGENT: CSR,
  CHAT_CSR_AGENT: CSR.filter((v) => v !== 'regular_greeting'),
  LEAD_ENGAGEMENT_AGENT: CSR.filter((v) => v !== 'regular_greeting'),
  RECEPTIONIST: ['agent_name', 'company_name', 'company_information', 'regular_greeting', 'business_guidelines'],
  SALES_AGENT: [
    'agent_name',
    'company_name',
    'sales_greeting',
    'services',
    'do_not_service',
    'sales_faqs',
    'dispatch_fee_value_build',
    'parting_message',
    'business_units_selection_logic',
  ],
  MEMBERSHIP_AGENT: ['agent_name', 'company_name', 'regular_greeting', 'membership_faqs', 'business_units_selection_logic'],
  HAPPY_CALLS_AGENT: ['agent_name', 'company_name', 'call_reason_filters', 'call_questions', 'sales_greeting', 'review_link', 'parting_message'],
  ESTIMATE_FOLLOWUPS_AGENT: ['agent_name', 'company_name', 'sales_greeting', 'faqs', 'parting_message'],
  APPOINTMENT_REMINDER_AGENT: [
    'agent_name',
    'company_name',
    'call_reason_filters',
    'call_questions',
    'sales_greeting',
    'parting_message',
    'business_guidelines',
  ],
};

export type GeneratedScriptVariables = Partial<Record<ScriptVariable, string | string[] | null>>;

/**
 * The agent's script_config after generation: its type's variables, each the generated value when there is one
 * and the current value otherwise; variables of other types the agent carried are kept as they were.
 */
export function mergeGeneratedScript(
  type: AgentType,
  current: Record<string, string | string[]>,
  generated: GeneratedScriptVariables,
): Record<string, string | string[]> {
  const next: Record<string, string | string[]> = { ...current };
  for (const key of SCRIPT_VARIABLES_BY_AGENT_TYPE[type]) {
    const value = generated[key];
    const filled = Array.isArray(value) ? value.filter((v) => v.trim() !== '') : typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
    if (filled !== null && (!Array.isArray(filled) || filled.length > 0)) next[key] = filled;
  }
  return next;
}
