/** What onboarding needs to know about organizations and staff that already exist. */
export interface OrganizationDirectory {
  findOrganizationIdBySlug(slug: string): Promise<string | null>;
  organizationExists(orgId: string): Promise<boolean>;
  membershipExists(userId: string, orgId: string): Promise<boolean>;
  /** Every one of these agents is recorded for the org. */
  agentsRecorded(orgId: string, agentIds: string[]): Promise<boolean>;
}
