import { z } from 'zod';
import type { LoginRequestSchema, SessionResponseSchema } from '@contracts/auth.contract';

/** The answer of POST /auth/login and GET /auth/session. */
export type Session = z.infer<typeof SessionResponseSchema>;
export type SessionUser = Session['user'];
export type SessionOrganization = Session['organizations'][number];
export type LoginRequest = z.input<typeof LoginRequestSchema>;

/** The login form: the API's request with the form's own wording. */
export const LoginFormSchema = z.object({
  email: z.email('Enter a valid e-mail address'),
  password: z.string().min(1, 'Enter your password'),
}) satisfies z.ZodType<LoginRequest>;
