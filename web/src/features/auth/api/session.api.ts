import useSWR from 'swr';
import { apiClient } from '../../../lib/api-client';
import { LogoutResponseSchema, SessionResponseSchema } from '@contracts/auth.contract';
import type { LoginRequest, Session } from './session.schema';

export const SESSION_KEY = '/auth/session';

export function useSession() {
  return useSWR<Session>(SESSION_KEY, (path: string) => apiClient.get(path, SessionResponseSchema));
}

export function login(credentials: LoginRequest): Promise<Session> {
  return apiClient.post('/auth/login', credentials, SessionResponseSchema);
}

export async function logout(): Promise<void> {
  await apiClient.post('/auth/logout', {}, LogoutResponseSchema);
}
