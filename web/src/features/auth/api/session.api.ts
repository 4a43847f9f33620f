import useSWR from 'swr';
import { apiClient } from '../../../lib/api-client';
import { type LoginRequest, LogoutResponseSchema, type Session, SessionSchema } from './session.schema';

export const SESSION_KEY = '/auth/session';

export function useSession() {
  return useSWR<Session>(SESSION_KEY, (path: string) => apiClient.get(path, SessionSchema));
}

export function login(credentials: LoginRequest): Promise<Session> {
  return apiClient.post('/auth/login', credentials, SessionSchema);
}

export async function logout(): Promise<void> {
  await apiClient.post('/auth/logout', {}, LogoutResponseSchema);
}
