/** What the post-call pipeline needs to know about the organization a call belongs to. */
export interface InteractionOrgContext {
  name: string;
  timezone: string;
  tradesOffered: string[];
}

export interface InteractionContextReader {
  findOrganization(orgId: string): Promise<InteractionOrgContext | null>;
}
