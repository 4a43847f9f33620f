import { z } from 'zod';
import type { LoginRequestSchema, SessionResponseSchema } from '@contracts/auth.contract';

/** The answer of POST /auth/login and GET /auth/session. */
export type Session = z.infer<typeof SessionResponseSchema>;
export type SessionUser = Session['user'];
export type SessionOrganization = Session['organizations'][number];
export type LoginRequest = z.input<typeof LoginRequestSchema>;
