import useSWR from 'swr';
import { z } from 'zod';
import {
  InvitationPreviewResponseSchema,
  TeamOkResponseSchema,
  TeamResponseSchema,
  type InviteMemberRequest,
  type TeamResponse,
  type TeamRole,
} from '@contracts/team.contract';
import { SessionResponseSchema } from '@contracts/auth.contract';
import { apiClient } from '../../../lib/api-client';

export type Team = TeamResponse;
export type InvitationPreview = z.infer<typeof InvitationPreviewResponseSchema>;

const keyOf = (orgId: string) => `/org/members?orgId=${encodeURIComponent(orgId)}`;

export function useTeam(orgId: string | null) {
  return useSWR<Team>(orgId ? keyOf(orgId) : null, (path: string) => apiClient.get(path, TeamResponseSchema));
}

export const inviteMember = (body: InviteMemberRequest) => apiClient.post('/org/members/invite', body, TeamResponseSchema);

export const resendInvitation = (orgId: string, invitationId: string) =>
  apiClient.post('/org/members/invitations/resend', { orgId, invitationId }, TeamResponseSchema);

export const cancelInvitation = (orgId: string, invitationId: string) =>
  apiClient.delete(`/org/members/invitations/${encodeURIComponent(invitationId)}?orgId=${encodeURIComponent(orgId)}`, undefined, TeamResponseSchema);

export const changeRole = (orgId: string, userId: string, role: TeamRole) => apiClient.put('/org/members/role', { orgId, userId, role }, TeamResponseSchema);

export const removeMember = (orgId: string, userId: string) =>
  apiClient.delete(`/org/members/${encodeURIComponent(userId)}?orgId=${encodeURIComponent(orgId)}`, undefined, TeamResponseSchema);

export const previewInvitation = (token: string) => apiClient.get(`/auth/invitation?token=${encodeURIComponent(token)}`, InvitationPreviewResponseSchema);

export const acceptInvitation = (token: string, password: string) => apiClient.post('/auth/accept-invite', { token, password }, SessionResponseSchema);

export const requestPasswordReset = (email: string) => apiClient.post('/auth/forgot-password', { email }, TeamOkResponseSchema);

export const resetPassword = (token: string, password: string) => apiClient.post('/auth/reset-password', { token, password }, SessionResponseSchema);
