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
