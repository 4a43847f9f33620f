import { z } from 'zod';

export const LoginRequestSchema = z.object({
  email: z.email('Invalid email format'),
  password: z.string('Password is required').min(1, 'Password is required'),
});

export const OrganizationSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  onboarding_status: z.enum(['TESTING', 'LIVE']),
});

export const SessionResponseSchema = z.object({
  user: z.object({ id: z.uuid(), email: z.string(), name: z.string(), is_operator: z.boolean() }),
  organizations: z.array(OrganizationSummarySchema),
  /** Enterprises the user administers (every one, for operators), with their organizations among those above. */
  enterprises: z.array(z.object({ id: z.uuid(), name: z.string(), organization_ids: z.array(z.uuid()) })).default([]),
});

export const LogoutResponseSchema = z.object({ success: z.literal(true) });
