import { randomBytes } from 'node:crypto';
import type { Db } from '../../prisma/client';
import type { WebhookAppSource } from './webhook-delivery.port';

export function createWebhookAppSource(db: Db): WebhookAppSource {
  return {
    async load(orgId) {
      const row = await db.webhookApp.findUnique({ where: { orgId } });
      if (!row) return null;
      const urls = (row.webhookUrls ?? {}) as Record<string, string>;
      return { signingSecret: row.signingSecret, endpoints: Object.entries(urls).map(([name, url]) => ({ name, url })) };
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
