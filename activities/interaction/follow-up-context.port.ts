/** A CRM action the agent took during the interaction that the CRM carried out (spec 000 §4). */
export interface CompletedInteractionAction {
  actionId: string;
  actionType: string;
  payload: Record<string, unknown>;
  result: Record<string, string>;
}

/** What the post-call follow-ups read: the org's CRM and the actions the call completed. */
export interface FollowUpContextReader {
  findCrmName(orgId: string): Promise<string | null>;
  listCompletedActions(interactionId: string): Promise<CompletedInteractionAction[]>;
}
