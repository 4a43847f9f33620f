import { randomBytes } from 'node:crypto';
import type { Db } from '../../prisma/client';

export interface SmsNumberRepository {
  /** The organization whose sending number this is, if any. */
  orgIdForNumber(phoneNumber: string): Promise<string | null>;
}

export function createSmsNumberRepository(db: Db): SmsNumberRepository {
  return {
    async orgIdForNumber(phoneNumber) {
      const row = await db.organizationSmsConfig.findUnique({ where: { phoneNumber }, select: { orgId: true } });
      return row?.orgId ?? null;
    },
  };
}

export interface WebhookAppView {
  appId: string;
  webhookUrls: Record<string, string>;
  signingSecret: string;
}

export interface WebhookAppRepository {
  find(orgId: string): Promise<WebhookAppView | null>;
  /** Creates the app on first set-up (new app id and secret); later calls keep both and replace the URLs when given. */
  setUp(orgId: string, webhookUrls: Record<string, string> | undefined): Promise<WebhookAppView>;
}

export function createWebhookAppRepository(db: Db): WebhookAppRepository {
  const view = (row: { appId: string; webhookUrls: unknown; signingSecret: string }): WebhookAppView => ({
    appId: row.appId,
    webhookUrls: (row.webhookUrls ?? {}) as Record<string, string>,
    signingSecret: row.signingSecret,
  });
  return {
    async find(orgId) {
      const row = await db.webhookApp.findUnique({ where: { orgId } });
      return row ? view(row) : null;
    },
    async setUp(orgId, webhookUrls) {
      const row = await db.webhookApp.upsert({
        where: { orgId },
        create: {
          orgId,
          appId: `app_${randomBytes(12).toString('hex')}`,
          signingSecret: `whsec_${randomBytes(24).toString('base64')}`,
          webhookUrls: webhookUrls ?? {},
        },
        update: webhookUrls === undefined ? { updatedAt: new Date() } : { webhookUrls, updatedAt: new Date() },
      });
      return view(row);
    },
  };
}

export interface WebhookAttemptRepository {
  list(orgId: string, interactionId: string | undefined, limit: number): Promise<
    Array<{ id: string; interactionId: string; messageId: string; eventType: string; endpoint: string; url: string; attempt: number; outcome: string; httpStatus: number | null; error: string | null; durationMs: number; attemptedAt: Date }>
  >;
}

export function createWebhookAttemptRepository(db: Db): WebhookAttemptRepository {
  return {
    list: (orgId, interactionId, limit) =>
      db.webhookDeliveryAttempt.findMany({
        where: { orgId, ...(interactionId === undefined ? {} : { interactionId }) },
        orderBy: [{ attemptedAt: 'desc' }, { attempt: 'desc' }],
        take: limit,
      }),
  };
}

export interface TeamChatHookRepository {
  find(orgId: string): Promise<string | null>;
  /** null removes the organization's own hook, so the deployment's one (if any) is used again. */
  set(orgId: string, webhookUrl: string | null): Promise<void>;
}

export function createTeamChatHookRepository(db: Db): TeamChatHookRepository {
  return {
    async find(orgId) {
      return (await db.organizationTeamChat.findUnique({ where: { orgId }, select: { webhookUrl: true } }))?.webhookUrl ?? null;
    },
    async set(orgId, webhookUrl) {
      if (webhookUrl === null) await db.organizationTeamChat.deleteMany({ where: { orgId } });
      else await db.organizationTeamChat.upsert({ where: { orgId }, create: { orgId, webhookUrl }, update: { webhookUrl, updatedAt: new Date() } });
    },
  };
}
