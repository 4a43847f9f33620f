import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { staffUserIdFor } from '../../../lib/ids';
import { eventually, uniqueName } from '../../../tests/support/integration';
import { startProductHarness, type ProductHarness } from '../../../tests/support/product-harness';
import { INVALID_INVITATION, INVALID_RESET, LAST_ADMIN } from '../../use-cases/team';

let h: ProductHarness;
const run = uniqueName('').replace(/^_/, '');
const OWNER = `owner-${run}@team.test`;
const OWNER_PASSWORD = 'owner password 1';
let orgId: string;

async function onboard(): Promise<string> {
  const res = await request(h.app)
    .post('/onboarding')
    .set('authorization', `Bearer ${h.adminToken}`)
    .send({
      name: `Team Plumbing ${run}`,
      admin_email: OWNER,
      office_email: `office-${run}@team.test`,
      password: OWNER_PASSWORD,
      timezone: 'America/Denver',
      trades_offered: ['Plumbing'],
      crm_name: 'NONE',
    });
  expect(res.status).toBe(200);
  const status = await eventually(async () => {
    const s = await request(h.app).get('/workflow-status').query({ workflowId: res.body.workflowId }).set('authorization', `Bearer ${h.adminToken}`);
    return s.body.status === 'COMPLETED' ? s.body : null;
  }, 60_000);
  return status.result.orgId as string;
}

async function login(email: string, password: string) {
  const agent = request.agent(h.app);
  const res = await agent.post('/auth/login').send({ email, password });
  expect(res.status).toBe(200);
  return agent;
}

/** The newest e-mail of a template to an address, read from the outbox as the Outbox page shows it, and the token of its link. */
async function mailTo(to: string, template: string, after = new Date(0)) {
  const message = await eventually(() =>
    h.tdb.db.outboxMessage.findFirst({ where: { to, template, createdAt: { gt: after } }, orderBy: { createdAt: 'desc' } }),
  );
  const token = /token=([A-Za-z0-9_-]+)/.exec(message.text)?.[1];
  expect(token).toBeDefined();
  return { message, token: token! };
}

const error = (status: number, message: string) => ({ error: { 400: 'Bad Request', 401: 'Unauthorized', 404: 'Not Found' }[status], status, message });

let owner: ReturnType<typeof request.agent>;

beforeAll(async () => {
  h = await startProductHarness();
  orgId = await onboard();
  owner = await login(OWNER, OWNER_PASSWORD);
}, 180_000);

afterAll(async () => {
  await h?.stop();
}, 60_000);

describe('team members', () => {
  const member = `sam-${run}@team.test`;
  const memberId = staffUserIdFor(member);
  let memberAgent: ReturnType<typeof request.agent>;

  it('lists the onboarding admin as the one admin, with nothing pending', async () => {
    const res = await owner.get('/org/members').query({ orgId });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ members: [{ email: OWNER, role: 'admin' }], invitations: [], can_manage: true });
  });

  it('invites by e-mail: the outbox holds the message with a single-use link, and the invitation is pending', async () => {
    const res = await owner.post('/org/members/invite').send({ orgId, email: member.toUpperCase(), name: 'Sam Member', role: 'member' });

    expect(res.status).toBe(201);
    expect(res.body.invitations).toEqual([expect.objectContaining({ email: member, name: 'Sam Member', role: 'member', expired: false })]);
    const days = (Date.parse(res.body.invitations[0].expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    const { message } = await mailTo(member, 'team-invitation');
    expect(message).toMatchObject({ orgId, channel: 'email', subject: `Join Team Plumbing ${run} on HomeAgent` });
    expect(message.text).toMatch(/\/accept-invite\?token=/);
  });

  it('refuses a second invitation of the same address and a bad body', async () => {
    const again = await owner.post('/org/members/invite').send({ orgId, email: member, name: 'Sam', role: 'member' });
    expect(again.body).toEqual(error(400, `${member} already has a pending invitation: resend it instead`));
    const bad = await owner.post('/org/members/invite').send({ orgId, email: 'not-an-email', name: '', role: 'owner' });
    expect(bad.status).toBe(400);
    expect(bad.body.issues.map((i: { path: string }) => i.path).sort()).toEqual(['email', 'name', 'role']);
    const self = await owner.post('/org/members/invite').send({ orgId, email: OWNER, name: 'Me', role: 'admin' });
    expect(self.body).toEqual(error(400, `${OWNER} is already a member of this organization`));
  });

  it('answers a clear 400 for an unknown token, and shows what a live one invites to', async () => {
    const unknown = await request(h.app).get('/auth/invitation').query({ token: 'nope' });
    expect(unknown.body).toEqual(error(400, INVALID_INVITATION));
    const { token } = await mailTo(member, 'team-invitation');
    const preview = await request(h.app).get('/auth/invitation').query({ token });
    expect(preview.body).toEqual({ organization_name: `Team Plumbing ${run}`, email: member, name: 'Sam Member', role: 'member', existing_account: false });
  });

  it('accepts once: sets the password, signs in as a member; the link then stops working', async () => {
    const { token } = await mailTo(member, 'team-invitation');
    const short = await request(h.app).post('/auth/accept-invite').send({ token, password: 'short' });
    expect(short.body).toMatchObject(error(400, 'Password must be at least 8 characters'));

    memberAgent = request.agent(h.app);
    const accepted = await memberAgent.post('/auth/accept-invite').send({ token, password: 'member password 1' });
    expect(accepted.status).toBe(200);
    expect(accepted.body.user).toMatchObject({ id: memberId, email: member, name: 'Sam Member' });
    expect(accepted.body.organizations.map((o: { id: string }) => o.id)).toEqual([orgId]);

    const again = await request(h.app).post('/auth/accept-invite').send({ token, password: 'member password 1' });
    expect(again.body).toEqual(error(400, INVALID_INVITATION));

    const team = await memberAgent.get('/org/members').query({ orgId });
    expect(team.body).toMatchObject({ invitations: [], can_manage: false });
    expect(team.body.members.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      [OWNER, 'admin'],
      [member, 'member'],
    ]);
    await login(member, 'member password 1');
  }, 60_000);

  it('lets only admins manage the team', async () => {
    const invite = await memberAgent.post('/org/members/invite').send({ orgId, email: `x-${run}@team.test`, name: 'X', role: 'admin' });
    expect(invite.body).toEqual(error(401, 'Only an admin of the organization may manage its team'));
    const promote = await memberAgent.put('/org/members/role').send({ orgId, userId: memberId, role: 'admin' });
    expect(promote.body).toEqual(error(401, 'Only an admin of the organization may manage its team'));
    const remove = await memberAgent.delete(`/org/members/${staffUserIdFor(OWNER)}`).query({ orgId });
    expect(remove.body).toEqual(error(401, 'Only an admin of the organization may manage its team'));
  });

  it('keeps the last admin: no demotion, no removal; unknown members are 404', async () => {
    const ownerId = staffUserIdFor(OWNER);
    expect((await owner.put('/org/members/role').send({ orgId, userId: ownerId, role: 'member' })).body).toEqual(error(400, LAST_ADMIN));
    expect((await owner.delete(`/org/members/${ownerId}`).query({ orgId })).body).toEqual(error(400, LAST_ADMIN));
    const stranger = crypto.randomUUID();
    expect((await owner.put('/org/members/role').send({ orgId, userId: stranger, role: 'admin' })).body).toEqual(error(404, 'Member not found'));
    expect((await owner.delete(`/org/members/${stranger}`).query({ orgId })).body).toEqual(error(404, 'Member not found'));
    expect((await owner.delete('/org/members/not-a-uuid').query({ orgId })).status).toBe(400);
  });

  it('changes roles through the event log: a promoted member may then demote the first admin', async () => {
    const promoted = await owner.put('/org/members/role').send({ orgId, userId: memberId, role: 'admin' });
    expect(promoted.status).toBe(200);
    expect(promoted.body.members.filter((m: { role: string }) => m.role === 'admin')).toHaveLength(2);
    const demoted = await memberAgent.put('/org/members/role').send({ orgId, userId: memberId, role: 'member' });
    expect(demoted.status).toBe(200);
    expect(demoted.body.members.find((m: { user_id: string }) => m.user_id === memberId).role).toBe('member');
  });

  it('removes a member: their session ends at once and they no longer reach the organization', async () => {
    const removed = await owner.delete(`/org/members/${memberId}`).query({ orgId });
    expect(removed.status).toBe(200);
    expect(removed.body.members.map((m: { email: string }) => m.email)).toEqual([OWNER]);

    expect((await memberAgent.get('/auth/session')).body).toEqual({ redirect: '/login', status: 307 });
    expect((await memberAgent.get('/org/members').query({ orgId })).status).toBe(307);
    // Signing in again works (the account stays) but the organization is gone from it.
    const again = await login(member, 'member password 1');
    expect((await again.get('/auth/session')).body.organizations).toEqual([]);
    expect((await again.get('/org/members').query({ orgId })).body).toEqual(error(401, 'You do not have access to this organization'));
  }, 60_000);

  it('re-invites a former member, who joins again with the password of their existing account', async () => {
    await owner.post('/org/members/invite').send({ orgId, email: member, name: 'Sam Again', role: 'admin' });
    const { token } = await mailTo(member, 'team-invitation', new Date(Date.now() - 5_000));
    expect((await request(h.app).get('/auth/invitation').query({ token })).body.existing_account).toBe(true);
    const wrong = await request(h.app).post('/auth/accept-invite').send({ token, password: 'not my password' });
    expect(wrong.body).toEqual(error(400, 'This e-mail already has a HomeAgent account: enter its current password to join'));
    const ok = await request(h.app).post('/auth/accept-invite').send({ token, password: 'member password 1' });
    expect(ok.status).toBe(200);
    expect((await owner.get('/org/members').query({ orgId })).body.members.find((m: { user_id: string }) => m.user_id === memberId).role).toBe('admin');
  }, 60_000);

  it('resends with a new link (the old one stops working) and cancels (the link stops working, a second cancel is 404)', async () => {
    const email = `pat-${run}@team.test`;
    const invited = await owner.post('/org/members/invite').send({ orgId, email, name: 'Pat', role: 'member' });
    const invitationId = invited.body.invitations.find((i: { email: string }) => i.email === email).id;
    const first = await mailTo(email, 'team-invitation');

    const resent = await owner.post('/org/members/invitations/resend').send({ orgId, invitationId });
    expect(resent.status).toBe(200);
    const second = await mailTo(email, 'team-invitation', first.message.createdAt);
    expect(second.token).not.toBe(first.token);
    expect((await request(h.app).get('/auth/invitation').query({ token: first.token })).body).toEqual(error(400, INVALID_INVITATION));
    expect((await request(h.app).get('/auth/invitation').query({ token: second.token })).status).toBe(200);

    const cancelled = await owner.delete(`/org/members/invitations/${invitationId}`).query({ orgId });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.invitations.map((i: { id: string }) => i.id)).not.toContain(invitationId);
    expect((await request(h.app).post('/auth/accept-invite').send({ token: second.token, password: 'whatever 123' })).body).toEqual(
      error(400, INVALID_INVITATION),
    );
    expect((await owner.delete(`/org/members/invitations/${invitationId}`).query({ orgId })).body).toEqual(error(404, 'Invitation not found'));
    expect((await owner.post('/org/members/invitations/resend').send({ orgId, invitationId })).body).toEqual(error(404, 'Invitation not found'));
  }, 60_000);

  it('refuses an expired invitation link', async () => {
    const email = `late-${run}@team.test`;
    await owner.post('/org/members/invite').send({ orgId, email, name: 'Late', role: 'member' });
    const { token } = await mailTo(email, 'team-invitation');
    await h.tdb.db.staffToken.updateMany({ where: { email }, data: { expiresAt: new Date(Date.now() - 1000) } });

    expect((await request(h.app).post('/auth/accept-invite').send({ token, password: 'late password 1' })).body).toEqual(error(400, INVALID_INVITATION));
    // The Team page shows the invitation as lapsed, so it can be resent.
    const team = await owner.get('/org/members').query({ orgId });
    expect(team.body.invitations.find((i: { email: string }) => i.email === email)).toBeDefined();
  });
});

describe('password reset', () => {
  const email = `reset-${run}@team.test`;

  beforeAll(async () => {
    await owner.post('/org/members/invite').send({ orgId, email, name: 'Riley', role: 'member' });
    const { token } = await mailTo(email, 'team-invitation');
    expect((await request(h.app).post('/auth/accept-invite').send({ token, password: 'first password 1' })).status).toBe(200);
  }, 60_000);

  it('answers 200 for an address without an account and sends nothing', async () => {
    const res = await request(h.app)
      .post('/auth/forgot-password')
      .send({ email: `nobody-${run}@team.test` });
    expect(res.body).toEqual({ success: true });
    expect(await h.tdb.db.outboxMessage.count({ where: { to: `nobody-${run}@team.test` } })).toBe(0);
    expect((await request(h.app).post('/auth/forgot-password').send({ email: 'nope' })).status).toBe(400);
  });

  it('sets a new password with the e-mailed link once, ends the other sessions and signs this browser in', async () => {
    const before = await login(email, 'first password 1');
    expect((await request(h.app).post('/auth/forgot-password').send({ email: email.toUpperCase() })).body).toEqual({ success: true });
    const { token, message } = await mailTo(email, 'password-reset');
    expect(message).toMatchObject({ orgId, subject: 'Reset your HomeAgent password' });
    expect(message.text).toMatch(/\/reset-password\?token=/);

    expect((await request(h.app).post('/auth/reset-password').send({ token: 'nope', password: 'second password 2' })).body).toEqual(error(400, INVALID_RESET));
    const browser = request.agent(h.app);
    const reset = await browser.post('/auth/reset-password').send({ token, password: 'second password 2' });
    expect(reset.status).toBe(200);
    expect(reset.body.user.email).toBe(email);
    expect((await browser.get('/auth/session')).status).toBe(200);
    expect((await before.get('/auth/session')).status).toBe(307);

    expect((await request(h.app).post('/auth/reset-password').send({ token, password: 'third password 3' })).body).toEqual(error(400, INVALID_RESET));
    expect((await request(h.app).post('/auth/login').send({ email, password: 'first password 1' })).status).toBe(401);
    await login(email, 'second password 2');
  }, 90_000);

  it('sends at most 3 reset e-mails per address per hour and answers the same after that', async () => {
    const since = new Date();
    for (let i = 0; i < 5; i++) expect((await request(h.app).post('/auth/forgot-password').send({ email })).body).toEqual({ success: true });
    // The earlier test's link was used up (deleted); these five requests leave three e-mails.
    expect(await h.tdb.db.outboxMessage.count({ where: { to: email, template: 'password-reset', createdAt: { gte: since } } })).toBe(3);
  });

  it('refuses an expired reset link', async () => {
    const since = new Date();
    await h.tdb.db.staffToken.deleteMany({ where: { email, purpose: 'password_reset' } });
    await request(h.app).post('/auth/forgot-password').send({ email });
    const { token } = await mailTo(email, 'password-reset', since);
    await h.tdb.db.staffToken.updateMany({ where: { email, purpose: 'password_reset' }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await request(h.app).post('/auth/reset-password').send({ token, password: 'fourth password 4' })).body).toEqual(error(400, INVALID_RESET));
  }, 60_000);
});
