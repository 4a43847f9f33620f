import { z } from 'zod';

/**
 * The team of an organization (issue 14 point 9). Two roles: `admin` invites, removes and changes roles;
 * `member` uses the dashboard. 001 §6 shows no finer role check than an org's admins.
 */
export const TeamRoleSchema = z.enum(['admin', 'member'], "role must be 'admin' or 'member'");
export type TeamRole = z.infer<typeof TeamRoleSchema>;

const orgId = z.uuid('orgId must be a UUID');
const userId = z.uuid('userId must be a UUID');
const invitationId = z.uuid('invitationId must be a UUID');
const password = z.string('Password is required').min(8, 'Password must be at least 8 characters').max(200, 'Password must be at most 200 characters');
const token = z.string('token is required').min(1, 'token is required').max(200, 'token is too long');

export const TeamQuerySchema = z.object({ orgId });

export const TeamMemberSchema = z.object({
  user_id: z.uuid(),
  email: z.string(),
  name: z.string(),
  /** Roles from before issue 14 (manager, csr) count as member. */
  role: TeamRoleSchema,
  joined_at: z.string(),
});

export const PendingInvitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  role: TeamRoleSchema,
  invited_at: z.string(),
  expires_at: z.string(),
  /** The link has lapsed: it can be resent. */
  expired: z.boolean(),
});

export const TeamResponseSchema = z.object({
  members: z.array(TeamMemberSchema),
  invitations: z.array(PendingInvitationSchema),
  /** Whether the caller may invite, remove and change roles (an admin of the org, its enterprise's admin, an operator). */
  can_manage: z.boolean(),
});
export type TeamResponse = z.infer<typeof TeamResponseSchema>;

export const InviteMemberRequestSchema = z.object({
  orgId,
  email: z.email('Invalid email format').max(254, 'Invalid email format'),
  name: z.string('name is required').trim().min(1, 'name is required').max(120, 'name must be at most 120 characters'),
  role: TeamRoleSchema.default('member'),
});
export type InviteMemberRequest = z.input<typeof InviteMemberRequestSchema>;

export const InvitationActionRequestSchema = z.object({ orgId, invitationId });

export const ChangeRoleRequestSchema = z.object({ orgId, userId, role: TeamRoleSchema });

export const RemoveMemberParamsSchema = z.object({ userId });

export const AcceptInviteRequestSchema = z.object({
  token,
  /** A new account's password; an existing account's own password confirms it is theirs. */
  password,
});

export const ForgotPasswordRequestSchema = z.object({ email: z.email('Invalid email format').max(254, 'Invalid email format') });

export const ResetPasswordRequestSchema = z.object({ token, password });

export const TeamOkResponseSchema = z.object({ success: z.literal(true) });

/** What the accept-invite page shows before the password is set. */
export const InvitationPreviewResponseSchema = z.object({
  organization_name: z.string(),
  email: z.string(),
  name: z.string(),
  role: TeamRoleSchema,
  /** The address already has an account: its password confirms it instead of setting one. */
  existing_account: z.boolean(),
});
export const InvitationPreviewQuerySchema = z.object({ token });
