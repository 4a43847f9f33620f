import useSWR from 'swr';
import { VoicePlatformsResponseSchema, type SaveVoicePlatformBody, type VoicePlatformsView } from '@contracts/voice-platforms.contract';
import type { ActiveVoiceProvider } from '@contracts/voice-platforms.contract';
import { ApiError, apiClient } from '../../../lib/api-client';

const pathOf = (orgId: string) => `/org/${encodeURIComponent(orgId)}/voice-platforms`;

/** Every platform of the org, secrets masked (**** or ****abcd), with the URLs for its console. */
export function useVoicePlatforms(orgId: string | null) {
  return useSWR<VoicePlatformsView>(orgId ? pathOf(orgId) : null, (path: string) => apiClient.get(path, VoicePlatformsResponseSchema));
}

/** Sets or replaces fields (omitted: kept, null: cleared); answers every platform as stored. */
export function saveVoicePlatform(orgId: string, provider: ActiveVoiceProvider, body: SaveVoicePlatformBody) {
  return apiClient.put(`${pathOf(orgId)}/${provider}`, body, VoicePlatformsResponseSchema);
}

/** The API answers 401 to anyone who is not an admin of the organization (or an operator). */
export const isNotOrgAdmin = (error: unknown): boolean => error instanceof ApiError && error.status === 401;
