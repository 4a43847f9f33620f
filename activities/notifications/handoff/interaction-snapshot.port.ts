/** The finished interaction as the read model holds it, with what notifications need of its organization. */
export interface InteractionSnapshot {
  id: string;
  orgId: string;
  callStatus: string;
  startedAt: Date | null;
  createdAt: Date;
  customerNumber: string | null;
  customerName: string | null;
  customerAddress: string | null;
  subject: string | null;
  tags: string[];
  summary: { title: string; content: string[] }[];
  events: { id: string; name: string; metadata: Record<string, unknown> }[];
  agentType: string | null;
}

export interface SnapshotOrganization {
  id: string;
  name: string;
  timezone: string;
  crmName: string;
}

export interface InteractionSnapshotReader {
  /** Null until the read model has applied at least one event id of every group (a step publishes its result or its error). */
  findCaughtUp(interactionId: string, awaitEventIds: string[][]): Promise<InteractionSnapshot | null>;
  findOrganization(orgId: string): Promise<SnapshotOrganization | null>;
}
