import type { OrgAgent, OrgOfficeHours } from '../../domain/agents/call-agent-type';

/** What the post-call pipeline needs to know about the organization a call belongs to. */
export interface InteractionOrgContext {
  name: string;
  timezone: string;
  tradesOffered: string[];
  /** custom_instructions as saved (001 §2.14); null when never saved. */
  customInstructions: unknown;
  /** Its office hours, which tell an inbound call's agent type (callAgentType); unset: the default hours. */
  officeHours?: OrgOfficeHours;
  /** Its agents (today the default agent of each type, domain/agents); unset: none known. */
  agents?: OrgAgent[];
}

/** A CRM action an agent's tool started during the interaction (spec 000 §4 action_status). */
export interface InteractionActionFact {
  id: string;
  type: string;
  status: string;
  payload: Record<string, unknown>;
}

export interface InteractionContextReader {
  findOrganization(orgId: string): Promise<InteractionOrgContext | null>;
  listActions(interactionId: string): Promise<InteractionActionFact[]>;
}
