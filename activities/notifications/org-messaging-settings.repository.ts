import type { Db } from '../../prisma/client';

/** The one owner of organization_sms_configs and organization_team_chats: how an org's messages are sent. */

/** The organization whose sending number this is, if any. */
export const findOrgIdForSmsNumber = async (db: Db, phoneNumber: string): Promise<string | null> =>
  (await db.organizationSmsConfig.findUnique({ where: { phoneNumber }, select: { orgId: true } }))?.orgId ?? null;

/** The operator-written switch to the secondary SMS provider. */
export const forcesSecondarySmsProvider = async (db: Db, orgId: string): Promise<boolean> =>
  (await db.organizationSmsConfig.findUnique({ where: { orgId }, select: { forceSecondaryProvider: true } }))?.forceSecondaryProvider ?? false;

/** The organization's own team-chat webhook URL, if it set one. */
export const findTeamChatWebhookUrl = async (db: Db, orgId: string): Promise<string | null> =>
  (await db.organizationTeamChat.findUnique({ where: { orgId }, select: { webhookUrl: true } }))?.webhookUrl ?? null;

/** null removes the organization's own hook, so the deployment's one (if any) is used again. */
export async function setTeamChatWebhookUrl(db: Db, orgId: string, webhookUrl: string | null): Promise<void> {
  if (webhookUrl === null) await db.organizationTeamChat.deleteMany({ where: { orgId } });
  else await db.organizationTeamChat.upsert({ where: { orgId }, create: { orgId, webhookUrl }, update: { webhookUrl, updatedAt: new Date() } });
}
