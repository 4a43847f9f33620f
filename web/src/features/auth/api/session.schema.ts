import { z } from 'zod';

export const SessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullish(),
  is_operator: z.boolean(),
});

export const SessionOrganizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string().nullish(),
  onboarding_status: z.string().nullish(),
});

/** The answer of POST /auth/login and GET /auth/session. */
export const SessionSchema = z.object({
  user: SessionUserSchema,
  organizations: z.array(SessionOrganizationSchema),
});

export const LoginRequestSchema = z.object({
  email: z.email('Enter a valid e-mail address'),
  password: z.string().min(1, 'Enter your password'),
});

export const LogoutResponseSchema = z.object({ success: z.boolean() });

export type SessionUser = z.infer<typeof SessionUserSchema>;
export type SessionOrganization = z.infer<typeof SessionOrganizationSchema>;
export type Session = z.infer<typeof SessionSchema>;
export type LoginRequest = z.infer<typeof LoginRequestSchema>;
