import { z } from 'zod';

export const STAFF_USER = 'staff-user';

export const StaffUserRegisteredV1Schema = z.object({
  userId: z.uuid(),
  email: z.email(),
  name: z.string().min(1),
  /** scrypt hash made by the activity; plain passwords never enter workflow history or the log. */
  passwordHash: z.string().nullable(),
  isOperator: z.boolean(),
});
export type StaffUserRegisteredV1 = z.infer<typeof StaffUserRegisteredV1Schema>;

/**
 * A login found the user's password hashed below today's cost and stored a new hash of the same password
 * (lib/passwords: hashes carry their parameters, so an old one still verifies once).
 */
export const StaffUserPasswordRehashedV1Schema = z.object({
  userId: z.uuid(),
  passwordHash: z.string().min(1),
});
export type StaffUserPasswordRehashedV1 = z.infer<typeof StaffUserPasswordRehashedV1Schema>;

export const StaffUserJoinedOrganizationV1Schema = z.object({
  userId: z.uuid(),
  orgId: z.uuid(),
  role: z.enum(['admin', 'manager', 'csr']),
});
export type StaffUserJoinedOrganizationV1 = z.infer<typeof StaffUserJoinedOrganizationV1Schema>;

/** The two roles of an organization's staff (001 §6 shows no finer one): admins manage the team, members use the dashboard. */
export const TeamRoleSchema = z.enum(['admin', 'member']);

/**
 * An org admin (or an operator) invited someone to the organization. The invitation's token is a secret kept
 * hashed outside the log (staff_tokens); the event carries only when it lapses.
 */
export const StaffInvitedV1Schema = z.object({
  invitationId: z.uuid(),
  orgId: z.uuid(),
  email: z.email(),
  name: z.string().min(1),
  role: TeamRoleSchema,
  invitedByUserId: z.uuid().nullable(),
  expiresAt: z.iso.datetime(),
});
export type StaffInvitedV1 = z.infer<typeof StaffInvitedV1Schema>;

/** The invitation was sent again with a new token (the old one stops working) and a new expiry. */
export const StaffInvitationResentV1Schema = z.object({
  invitationId: z.uuid(),
  orgId: z.uuid(),
  expiresAt: z.iso.datetime(),
});
export type StaffInvitationResentV1 = z.infer<typeof StaffInvitationResentV1Schema>;

export const StaffInvitationCancelledV1Schema = z.object({
  invitationId: z.uuid(),
  orgId: z.uuid(),
});
export type StaffInvitationCancelledV1 = z.infer<typeof StaffInvitationCancelledV1Schema>;

/** The invitee used the token: they are a member of the organization with the invitation's role (keyed by the user, so it is ordered with their other events). */
export const StaffInvitationAcceptedV1Schema = z.object({
  invitationId: z.uuid(),
  orgId: z.uuid(),
  userId: z.uuid(),
  role: TeamRoleSchema,
});
export type StaffInvitationAcceptedV1 = z.infer<typeof StaffInvitationAcceptedV1Schema>;

export const StaffRoleChangedV1Schema = z.object({
  userId: z.uuid(),
  orgId: z.uuid(),
  role: TeamRoleSchema,
});
export type StaffRoleChangedV1 = z.infer<typeof StaffRoleChangedV1Schema>;

export const StaffRemovedFromOrganizationV1Schema = z.object({
  userId: z.uuid(),
  orgId: z.uuid(),
});
export type StaffRemovedFromOrganizationV1 = z.infer<typeof StaffRemovedFromOrganizationV1Schema>;

/** The user set a new password with a reset link (their other sessions end with it). */
export const StaffUserPasswordResetV1Schema = z.object({
  userId: z.uuid(),
  passwordHash: z.string().min(1),
});
export type StaffUserPasswordResetV1 = z.infer<typeof StaffUserPasswordResetV1Schema>;
