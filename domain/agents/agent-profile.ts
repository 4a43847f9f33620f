import type { AgentType } from '../interaction/interaction.schema';

/**
 * The agent a conversation runs as (spec 000 §3 "Agent", §6 agent types): an agent the organization recorded
 * (domain/agents/agent-record.ts), or for an agent type it has none of, the default agent derived from its
 * settings: company name, trades offered, and the job types of its CRM.
 */
export interface AgentJobType {
  id: string;
  name: string;
  description: string;
  businessUnitId: string;
}

export interface AgentProfile {
  id: string;
  orgId: string;
  agentType: AgentType;
  friendlyName: string;
  /** The organization's IANA time zone: the agent speaks in local time. */
  timezone: string;
  direction: 'inbound' | 'outbound';
  /** Spec 000 §3 "Agent script variables, by agent type": the subset this agent type uses. */
  scriptVariables: Record<string, string>;
  jobTypes: AgentJobType[];
  /** The template tools the agent may call (spec 000 §7 "Agent tool calls"). */
  tools: AgentToolName[];
  /** The agent's transfer tools (000 §3 transfer_call); the agent has `transfer_call` only when it has some. */
  transfers?: AgentTransfer[];
}

export type AgentToolName = 'check_address' | 'get_capacity' | 'create_action_job_booking' | 'create_action_callback_request' | 'end_call' | 'transfer_call';

/** The template tools (000 §7): every agent tool but transfer_call, which comes from the agent's transfer tools. */
export type TemplateToolName = Exclude<AgentToolName, 'transfer_call'>;

/** One transfer tool as the agent uses it: where it transfers, warm or cold, and what a warm one tells the person. */
export interface AgentTransfer {
  /** The tool's name as configured (000 §3 transfer_tools[].name). */
  name: string;
  description: string;
  /** E.164 number of the predefined destination. */
  number: string;
  kind: 'warm' | 'cold';
  /** Warm: the handoff said to the person, as a static message or a prompt that writes it. */
  handoff: { type: 'static_message'; message: string } | { type: 'prompt'; prompt: string } | null;
  showTransfereeAsCaller: boolean;
}

/** The tools of an agent with these transfer tools: `transfer_call` is added when it has any. */
export function withTransferTool(tools: AgentToolName[], transfers: readonly AgentTransfer[]): AgentToolName[] {
  return transfers.length > 0 && !tools.includes('transfer_call') ? [...tools, 'transfer_call'] : tools;
}

export interface AgentOrganization {
  id: string;
  name: string;
  timezone: string;
  tradesOffered: string[];
}

export interface AgentTypeDefaults {
  friendlyName: string;
  /** Spec 000 §3: "Each agent type has a default agent first name". */
  agentName: string;
  direction: 'inbound' | 'outbound';
  books: boolean;
}

const DEFAULTS: Record<AgentType, AgentTypeDefaults> = {
  RECEPTIONIST: { friendlyName: 'Receptionist', agentName: 'Riley', direction: 'inbound', books: false },
  OFFICE_HOURS_CSR: { friendlyName: 'Office hours CSR', agentName: 'Olivia', direction: 'inbound', books: true },
  AFTER_HOURS_CSR: { friendlyName: 'After hours CSR', agentName: 'Avery', direction: 'inbound', books: true },
  HAPPY_CALLS_AGENT: { friendlyName: 'Happy calls', agentName: 'Hannah', direction: 'outbound', books: false },
  DEMO_AGENT: { friendlyName: 'Demo', agentName: 'Dana', direction: 'inbound', books: true },
  SALES_AGENT: { friendlyName: 'Sales', agentName: 'Sam', direction: 'outbound', books: true },
  ESTIMATE_FOLLOWUPS_AGENT: { friendlyName: 'Estimate follow-ups', agentName: 'Evan', direction: 'outbound', books: false },
  APPOINTMENT_REMINDER_AGENT: { friendlyName: 'Appointment reminders', agentName: 'Amy', direction: 'outbound', books: false },
  MEMBERSHIP_AGENT: { friendlyName: 'Membership', agentName: 'Morgan', direction: 'outbound', books: true },
  LEAD_ENGAGEMENT_AGENT: { friendlyName: 'Lead engagement', agentName: 'Leah', direction: 'outbound', books: true },
  CHAT_CSR_AGENT: { friendlyName: 'Chat CSR', agentName: 'Casey', direction: 'inbound', books: true },
};

export const DEFAULT_OFFICE_HOURS = 'Monday - Friday 8AM to 5PM';

const BOOKING_TOOLS: TemplateToolName[] = ['check_address', 'get_capacity', 'create_action_job_booking', 'create_action_callback_request', 'end_call'];
const CALLBACK_TOOLS: TemplateToolName[] = ['create_action_callback_request', 'end_call'];

/** What an agent of this type starts as: its name, first name, direction and whether it books. */
export function agentTypeDefaults(type: AgentType): AgentTypeDefaults {
  return DEFAULTS[type];
}

/** The tools an agent has: booking ones when its type books and it has job types to book, else callbacks. */
export function agentToolsFor(type: AgentType, jobTypeCount: number): TemplateToolName[] {
  return DEFAULTS[type].books && jobTypeCount > 0 ? BOOKING_TOOLS : CALLBACK_TOOLS;
}

/** Variables per agent type (spec 000 §3); the ones a default agent can honestly fill. */
export function scriptVariablesFor(type: AgentType, org: AgentOrganization, agentName: string): Record<string, string> {
  const services = org.tradesOffered.length > 0 ? org.tradesOffered.join(', ') : 'HVAC';
  const greeting = `Thanks for calling ${org.name}, this is ${agentName}. How can I help you today?`;
  const salesGreeting = `Hi, this is ${agentName} from ${org.name}.`;
  const parting = `Thanks for choosing ${org.name}. Have a great day!`;
  const fee = 'Our dispatch fee is waived when you go ahead with the work, and appointments come in 2-hour windows.';
  const csr = {
    agent_name: agentName,
    company_name: org.name,
    services,
    office_hours: DEFAULT_OFFICE_HOURS,
    dispatch_fee_value_build: fee,
    parting_message: parting,
  };
  switch (type) {
    case 'OFFICE_HOURS_CSR':
    case 'AFTER_HOURS_CSR':
    case 'DEMO_AGENT':
      return { ...csr, regular_greeting: greeting };
    case 'CHAT_CSR_AGENT':
    case 'LEAD_ENGAGEMENT_AGENT':
      return csr;
    case 'RECEPTIONIST':
      return { agent_name: agentName, company_name: org.name, regular_greeting: greeting };
    case 'SALES_AGENT':
      return {
        agent_name: agentName,
        company_name: org.name,
        sales_greeting: salesGreeting,
        services,
        dispatch_fee_value_build: fee,
        parting_message: parting,
      };
    case 'MEMBERSHIP_AGENT':
      return { agent_name: agentName, company_name: org.name, regular_greeting: greeting };
    case 'HAPPY_CALLS_AGENT':
    case 'ESTIMATE_FOLLOWUPS_AGENT':
    case 'APPOINTMENT_REMINDER_AGENT':
      return { agent_name: agentName, company_name: org.name, sales_greeting: salesGreeting, parting_message: parting };
  }
}

/**
 * One default agent per agent type. `idOf` gives the agent a stable id (the same org and type always get
 * the same id, so call logs can be filtered by agent).
 */
export function defaultAgentsFor(org: AgentOrganization, jobTypes: AgentJobType[], idOf: (orgId: string, type: AgentType) => string): AgentProfile[] {
  return (Object.keys(DEFAULTS) as AgentType[]).map((agentType) => {
    const d = DEFAULTS[agentType];
    return {
      id: idOf(org.id, agentType),
      orgId: org.id,
      agentType,
      friendlyName: d.friendlyName,
      timezone: org.timezone,
      direction: d.direction,
      scriptVariables: scriptVariablesFor(agentType, org, d.agentName),
      jobTypes: d.books ? jobTypes : [],
      tools: agentToolsFor(agentType, d.books ? jobTypes.length : 0),
    };
  });
}
