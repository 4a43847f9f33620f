import { z } from 'zod';
import { OrganizationSummarySchema } from './auth.contract';

// Enterprises (issue 14 point 6; 000 §1 "An enterprise level groups several organizations", 000 §6 "Enterprises
// hold an admins list", 001 §2.19 and §7 GET /enterprise?id, POST /org {userId}).

const email = z.email('Invalid email format');

export const CreateEnterpriseRequestSchema = z.object({
  name: z.string('Name is required').trim().min(1, 'Name is required').max(120),
  admins: z.array(email).default([]),
});
export type CreateEnterpriseRequest = z.infer<typeof CreateEnterpriseRequestSchema>;

export const SetEnterpriseAdminsRequestSchema = z.object({ enterpriseId: z.uuid('enterpriseId must be a UUID'), admins: z.array(email) });

export const AddOrganizationToEnterpriseRequestSchema = z.object({
  enterpriseId: z.uuid('enterpriseId must be a UUID'),
  orgId: z.uuid('orgId must be a UUID'),
});

export const GetEnterpriseQuerySchema = z.object({ id: z.uuid('id must be a UUID') });

/** 001 §3 "Enterprise" as the dashboard loads it: the enterprise and its organizations. */
export const EnterpriseSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  admins: z.array(z.string()),
  created_at: z.string(),
  organizations: z.array(OrganizationSummarySchema),
});
export type Enterprise = z.infer<typeof EnterpriseSchema>;

export const EnterprisesListSchema = z.object({
  enterprises: z.array(z.object({ id: z.uuid(), name: z.string(), admins: z.array(z.string()), organizations_count: z.number().int() })),
});
export type EnterprisesList = z.infer<typeof EnterprisesListSchema>;

export const EnterpriseChangeResponseSchema = z.object({ success: z.literal(true), message: z.string() });

/** 001 §7 POST /org: userId → the org row, or null. */
export const OrgOfUserRequestSchema = z.object({ userId: z.uuid('userId must be a UUID') });
