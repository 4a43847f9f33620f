import { randomUUID } from 'node:crypto';
import { renderInvitationEmail, renderPasswordResetEmail, type RenderedTeamEmail } from '../../domain/notifications/templates/team-emails';
import type { TeamResponse, TeamRole } from '../../domain/contracts/team.contract';
import { staffUserIdFor } from '../../lib/ids';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { MessagingError } from '../../activities/notifications/messaging.port';
import type { ApiDeps } from '../deps';
import { ApiError, badRequest, notFound, unauthorized } from '../http/errors';
import { publishCommand, type CommandOrigin } from '../http/publish-command';
import type { StaffIdentity } from '../repositories/staff.repository';
import { awaitReadModel } from './await-read-model';

export const INVITATION_TTL_MS = 7 * 24 * 3_600_000;
export const PASSWORD_RESET_TTL_MINUTES = 60;
/** Reset e-mails sent to one address per hour; further requests are answered the same and send nothing. */
export const PASSWORD_RESETS_PER_EMAIL_PER_HOUR = 3;

export const INVALID_INVITATION = 'This invitation link is invalid, has expired or has already been used';
export const INVALID_RESET = 'This password reset link is invalid, has expired or has already been used';
export const LAST_ADMIN = 'An organization must keep at least one admin: make someone else an admin first';

/** An outbox/vendor e-mail's org: password resets go out under the user's first organization (operators have none). */
const NO_ORGANIZATION = '00000000-0000-0000-0000-000000000000';

type Deps = Pick<ApiDeps, 'staff' | 'team' | 'sessions' | 'organizations' | 'auth' | 'delivery' | 'logger'>;

/** Roles from before issue 14 (manager, csr) are members: only admins manage the team. */
const teamRole = (role: string): TeamRole => (role === 'admin' ? 'admin' : 'member');

async function requireManager(deps: Deps, user: StaffIdentity, orgId: string) {
  if (!(await deps.staff.canManageOrganization(user, orgId))) throw unauthorized('Only an admin of the organization may manage its team');
}

async function sendEmail(deps: Deps, orgId: string, to: string, dedupKey: string, email: RenderedTeamEmail): Promise<void> {
  try {
    await deps.delivery.messaging.email.sendEmail({ orgId, interactionId: null, dedupKey, to, ...email });
  } catch (err) {
    if (!(err instanceof MessagingError)) throw err;
    deps.logger.warn({ err, orgId, template: email.template }, 'team e-mail not sent');
    throw new ApiError(500, `The e-mail to ${to} could not be sent (${err.code}). Try again.`);
  }
}

const link = (deps: Deps, page: string, token: string) => `${deps.delivery.dashboardUrl.replace(/\/$/, '')}/${page}?token=${encodeURIComponent(token)}`;

export async function listTeam(deps: Deps, user: StaffIdentity, orgId: string): Promise<TeamResponse> {
  const [members, invitations, canManage] = await Promise.all([
    deps.staff.listMembers(orgId),
    deps.team.listPendingInvitations(orgId),
    deps.staff.canManageOrganization(user, orgId),
  ]);
  const now = Date.now();
  return {
    members: members.map((m) => ({ user_id: m.userId, email: m.email, name: m.name, role: teamRole(m.role), joined_at: m.joinedAt.toISOString() })),
    invitations: invitations.flatMap((i) =>
      i.email && i.name && i.invitedAt && i.expiresAt
        ? [
            {
              id: i.id,
              email: i.email,
              name: i.name,
              role: teamRole(i.role),
              invited_at: i.invitedAt.toISOString(),
              expires_at: i.expiresAt.toISOString(),
              expired: i.expiresAt.getTime() <= now,
            },
          ]
        : [],
    ),
    can_manage: canManage,
  };
}

async function sendInvitation(deps: Deps, invitation: { id: string; orgId: string; email: string; name: string; role: string }, inviter: StaffIdentity) {
  const { token, expiresAt } = await deps.team.issueToken('invitation', invitation.id, invitation.email, INVITATION_TTL_MS);
  const org = await deps.organizations.findById(invitation.orgId);
  const email = renderInvitationEmail({
    orgName: org?.name ?? 'your organization',
    inviteeName: invitation.name,
    inviterName: inviter.name,
    role: invitation.role,
    url: link(deps, 'accept-invite', token),
    expiresAt,
  });
  return { expiresAt, send: () => sendEmail(deps, invitation.orgId, invitation.email, `team-invitation:${invitation.id}:${expiresAt.getTime()}`, email) };
}

export async function inviteMember(
  deps: Deps,
  origin: CommandOrigin,
  user: StaffIdentity,
  orgId: string,
  body: { email: string; name: string; role: TeamRole },
): Promise<TeamResponse> {
  await requireManager(deps, user, orgId);
  const email = body.email.trim().toLowerCase();
  if (await deps.staff.roleIn(staffUserIdFor(email), orgId)) throw badRequest(`${email} is already a member of this organization`);
  if (await deps.team.findPendingInvitationByEmail(orgId, email)) throw badRequest(`${email} already has a pending invitation: resend it instead`);
  const invitation = { id: randomUUID(), orgId, email, name: body.name, role: body.role };
  const { expiresAt, send } = await sendInvitation(deps, invitation, user);
  await publishCommand(deps.auth.events, origin, [
    {
      type: 'StaffInvited',
      aggregateId: invitation.id,
      orgId,
      data: { invitationId: invitation.id, orgId, email, name: body.name, role: body.role, invitedByUserId: user.id, expiresAt: expiresAt.toISOString() },
    },
  ]);
  await send();
  await awaitReadModel(async () => (await deps.team.findInvitation(invitation.id)) !== null);
  return listTeam(deps, user, orgId);
}

async function pendingInvitation(deps: Deps, orgId: string, invitationId: string) {
  const invitation = await deps.team.findInvitation(invitationId);
  if (!invitation || invitation.orgId !== orgId || invitation.status !== 'pending' || !invitation.email || !invitation.name)
    throw notFound('Invitation not found');
  return { ...invitation, email: invitation.email, name: invitation.name };
}

export async function resendInvitation(deps: Deps, origin: CommandOrigin, user: StaffIdentity, orgId: string, invitationId: string): Promise<TeamResponse> {
  await requireManager(deps, user, orgId);
  const invitation = await pendingInvitation(deps, orgId, invitationId);
  const { expiresAt, send } = await sendInvitation(deps, invitation, user);
  await publishCommand(deps.auth.events, origin, [
    { type: 'StaffInvitationResent', aggregateId: invitation.id, orgId, data: { invitationId: invitation.id, orgId, expiresAt: expiresAt.toISOString() } },
  ]);
  await send();
  await awaitReadModel(async () => (await deps.team.findInvitation(invitation.id))?.expiresAt?.getTime() === expiresAt.getTime());
  return listTeam(deps, user, orgId);
}

export async function cancelInvitation(deps: Deps, origin: CommandOrigin, user: StaffIdentity, orgId: string, invitationId: string): Promise<TeamResponse> {
  await requireManager(deps, user, orgId);
  const invitation = await pendingInvitation(deps, orgId, invitationId);
  await deps.team.revokeTokens('invitation', invitation.id);
  await publishCommand(deps.auth.events, origin, [
    { type: 'StaffInvitationCancelled', aggregateId: invitation.id, orgId, data: { invitationId: invitation.id, orgId } },
  ]);
  await awaitReadModel(async () => (await deps.team.findInvitation(invitation.id))?.status === 'cancelled');
  return listTeam(deps, user, orgId);
}

async function memberRole(deps: Deps, orgId: string, userId: string): Promise<TeamRole> {
  const role = await deps.staff.roleIn(userId, orgId);
  if (!role) throw notFound('Member not found');
  return teamRole(role);
}

export async function changeRole(deps: Deps, origin: CommandOrigin, user: StaffIdentity, orgId: string, userId: string, role: TeamRole): Promise<TeamResponse> {
  await requireManager(deps, user, orgId);
  const current = await memberRole(deps, orgId, userId);
  if (current === role) return listTeam(deps, user, orgId);
  if (current === 'admin' && (await deps.staff.countAdmins(orgId)) <= 1) throw badRequest(LAST_ADMIN);
  await publishCommand(deps.auth.events, origin, [{ type: 'StaffRoleChanged', aggregateId: userId, orgId, data: { userId, orgId, role } }]);
  await awaitReadModel(async () => (await deps.staff.roleIn(userId, orgId)) === role);
  return listTeam(deps, user, orgId);
}

/** Removes the member; their sessions end at once, so their next request is a 307 to the login page. */
export async function removeMember(deps: Deps, origin: CommandOrigin, user: StaffIdentity, orgId: string, userId: string): Promise<TeamResponse> {
  await requireManager(deps, user, orgId);
  const current = await memberRole(deps, orgId, userId);
  if (current === 'admin' && (await deps.staff.countAdmins(orgId)) <= 1) throw badRequest(LAST_ADMIN);
  await publishCommand(deps.auth.events, origin, [{ type: 'StaffRemovedFromOrganization', aggregateId: userId, orgId, data: { userId, orgId } }]);
  // Sessions are not per organization: ending them all is what makes the removal take effect now rather than
  // when the read model catches up. The user signs in again to any other organization they belong to.
  await deps.sessions.revokeAllForUser(userId);
  await awaitReadModel(async () => (await deps.staff.roleIn(userId, orgId)) === null);
  return listTeam(deps, user, orgId);
}

async function liveInvitation(deps: Deps, token: string) {
  const invitationId = await deps.team.peekToken('invitation', token);
  const invitation = invitationId ? await deps.team.findInvitation(invitationId) : null;
  if (!invitation || invitation.status !== 'pending' || !invitation.email || !invitation.name) throw badRequest(INVALID_INVITATION);
  return { ...invitation, email: invitation.email, name: invitation.name };
}

export async function previewInvitation(deps: Deps, token: string) {
  const invitation = await liveInvitation(deps, token);
  const [org, existing] = await Promise.all([deps.organizations.findById(invitation.orgId), deps.staff.findByEmail(invitation.email)]);
  return {
    organization_name: org?.name ?? 'your organization',
    email: invitation.email,
    name: invitation.name,
    role: teamRole(invitation.role),
    existing_account: !!existing,
  };
}

/** The invitee joins the organization (registering first when the address has no account) and is signed in. */
export async function acceptInvitation(deps: Deps, origin: CommandOrigin, token: string, password: string): Promise<StaffIdentity> {
  const invitation = await liveInvitation(deps, token);
  const existing = await deps.staff.findByEmail(invitation.email);
  if (existing && !(await verifyPassword(password, existing.passwordHash))) {
    throw badRequest('This e-mail already has a HomeAgent account: enter its current password to join');
  }
  const passwordHash = existing ? null : await hashPassword(password);
  // Used up only now, so a wrong password above does not spend the link; the delete lets exactly one request through.
  if (!(await deps.team.consumeToken('invitation', token))) throw badRequest(INVALID_INVITATION);
  const userId = existing?.id ?? staffUserIdFor(invitation.email);
  const role = teamRole(invitation.role);
  await publishCommand(deps.auth.events, origin, [
    ...(passwordHash
      ? [
          {
            type: 'StaffUserRegistered' as const,
            aggregateId: userId,
            orgId: invitation.orgId,
            data: { userId, email: invitation.email, name: invitation.name, passwordHash, isOperator: false },
          },
        ]
      : []),
    {
      type: 'StaffInvitationAccepted',
      aggregateId: userId,
      orgId: invitation.orgId,
      data: { invitationId: invitation.id, orgId: invitation.orgId, userId, role },
    },
  ]);
  await awaitReadModel(async () => (await deps.staff.roleIn(userId, invitation.orgId)) !== null, 10_000);
  const identity = await deps.staff.findIdentity(userId);
  if (!identity) throw new ApiError(500, 'Your account is being set up: sign in in a moment');
  return identity;
}

/** Sends a reset link when the address has an account; the caller answers the same either way. */
export async function requestPasswordReset(deps: Deps, emailAddress: string): Promise<void> {
  const email = emailAddress.trim().toLowerCase();
  const user = await deps.staff.findByEmail(email);
  if (!user) return;
  const recent = await deps.team.countTokensSince('password_reset', email, new Date(Date.now() - 3_600_000));
  if (recent >= PASSWORD_RESETS_PER_EMAIL_PER_HOUR) {
    deps.logger.warn({ userId: user.id }, 'password reset not sent: too many requests for this address this hour');
    return;
  }
  const { token, expiresAt } = await deps.team.issueToken('password_reset', user.id, email, PASSWORD_RESET_TTL_MINUTES * 60_000);
  const [orgId] = await deps.staff.membershipOrgIds(user.id);
  const org = orgId ? await deps.organizations.findById(orgId) : null;
  const rendered = renderPasswordResetEmail({
    name: user.name,
    orgName: org?.name ?? 'HomeAgent',
    url: link(deps, 'reset-password', token),
    validMinutes: PASSWORD_RESET_TTL_MINUTES,
  });
  await sendEmail(deps, orgId ?? NO_ORGANIZATION, email, `password-reset:${user.id}:${expiresAt.getTime()}`, rendered);
}

/** Sets the new password and ends every session of the user; the caller signs this browser in. */
export async function resetPassword(deps: Deps, origin: CommandOrigin, token: string, password: string): Promise<StaffIdentity> {
  const userId = await deps.team.peekToken('password_reset', token);
  if (!userId) throw badRequest(INVALID_RESET);
  const passwordHash = await hashPassword(password);
  if (!(await deps.team.consumeToken('password_reset', token))) throw badRequest(INVALID_RESET);
  await deps.team.revokeTokens('password_reset', userId);
  await publishCommand(deps.auth.events, { ...origin, causationId: `staff:${userId}` }, [
    { type: 'StaffUserPasswordReset', aggregateId: userId, orgId: null, data: { userId, passwordHash } },
  ]);
  await deps.sessions.revokeAllForUser(userId);
  await awaitReadModel(async () => (await deps.staff.passwordHashOf(userId)) === passwordHash, 10_000);
  const identity = await deps.staff.findIdentity(userId);
  if (!identity) throw badRequest(INVALID_RESET);
  return identity;
}
