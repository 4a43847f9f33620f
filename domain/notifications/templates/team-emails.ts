import { emailLayout, escapeHtml } from './html';

export interface RenderedTeamEmail {
  subject: string;
  text: string;
  html: string;
  template: 'team-invitation' | 'password-reset';
}

/** The invitation to join an organization's dashboard, with its single-use link. */
export function renderInvitationEmail(v: {
  orgName: string;
  inviteeName: string;
  inviterName: string | null;
  role: string;
  url: string;
  expiresAt: Date;
}): RenderedTeamEmail {
  const who = v.inviterName ? `${v.inviterName} invited you` : 'You have been invited';
  const until = v.expiresAt.toISOString().slice(0, 10);
  const line = `${who} to join ${v.orgName} on HomeAgent as ${v.role === 'admin' ? 'an admin' : 'a member'}.`;
  return {
    subject: `Join ${v.orgName} on HomeAgent`,
    text: `Hi ${v.inviteeName},\n\n${line}\n\nSet your password to accept (the link works once, until ${until}):\n${v.url}\n`,
    html: emailLayout({
      preheader: line,
      heading: `Join ${v.orgName}`,
      orgName: v.orgName,
      body: `<p>Hi ${escapeHtml(v.inviteeName)},</p><p>${escapeHtml(line)}</p><p>The link works once, until ${until}.</p>`,
      action: { label: 'Accept the invitation', url: v.url },
    }),
    template: 'team-invitation',
  };
}

export function renderPasswordResetEmail(v: { name: string; orgName: string; url: string; validMinutes: number }): RenderedTeamEmail {
  const line = `Someone asked to reset the password of your HomeAgent account. If it was not you, ignore this e-mail.`;
  return {
    subject: 'Reset your HomeAgent password',
    text: `Hi ${v.name},\n\n${line}\n\nSet a new password (the link works once, for ${v.validMinutes} minutes):\n${v.url}\n`,
    html: emailLayout({
      preheader: 'Reset your HomeAgent password',
      heading: 'Reset your password',
      orgName: v.orgName,
      body: `<p>Hi ${escapeHtml(v.name)},</p><p>${escapeHtml(line)}</p><p>The link works once, for ${v.validMinutes} minutes.</p>`,
      action: { label: 'Set a new password', url: v.url },
    }),
    template: 'password-reset',
  };
}
