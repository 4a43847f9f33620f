import { isIP } from 'node:net';
import { classifyOutboundAddress, type OutboundPolicy } from '../../../activities/http/outbound-address-guard';
import { badRequest } from '../../http/errors';
import { defineRoute } from '../../http/route';
import {
  WebhookAttemptsQuerySchema,
  WebhookAttemptsResponseSchema,
  WebhookSetupBodySchema,
  WebhookSetupQuerySchema,
  WebhookSetupResponseSchema,
  WebhookSetupResultSchema,
} from './webhook-delivery.schema';

// 001 §7 names the path after the webhook-delivery service; the product is its own service here.
const PATH = '/webhook-delivery';

/**
 * A URL naming a refused IP literal is turned away when saved; host names are checked when each
 * delivery resolves them (activities/http/outbound-address-guard.ts).
 */
function refuseInternalAddresses(urls: Record<string, string> | undefined, policy: OutboundPolicy) {
  for (const [name, url] of Object.entries(urls ?? {})) {
    const host = new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');
    if (!isIP(host)) continue;
    const verdict = classifyOutboundAddress(host, policy);
    if (!verdict.allowed) throw badRequest(`webhook_urls.${name}: refused: ${verdict.reason}`);
  }
}

const dashboardUrlOf = (base: string, appId: string) => `${base.replace(/\/+$/, '')}/settings/webhooks?appId=${encodeURIComponent(appId)}`;

export const getWebhookSetupRoute = defineRoute({
  method: 'get',
  path: PATH,
  summary: 'Whether webhook delivery is set up for the organization: its appId and dashboard URL (001 §2.18)',
  tag: 'Webhook delivery',
  access: { kind: 'org', orgIdOf: ({ query }) => query.orgId },
  request: { query: WebhookSetupQuerySchema },
  response: { schema: WebhookSetupResponseSchema, description: 'The app, or nulls when not set up' },
  errors: [307, 401],
  async handler({ orgId, deps }) {
    const app = await deps.delivery.webhookApps.find(orgId!);
    return app
      ? { appId: app.appId, dashboardUrl: dashboardUrlOf(deps.delivery.dashboardUrl, app.appId), webhook_urls: app.webhookUrls }
      : { appId: null, dashboardUrl: null, webhook_urls: {} };
  },
});

export const setUpWebhookDeliveryRoute = defineRoute({
  method: 'post',
  path: PATH,
  summary: "Sets up webhook delivery of csr.call and widget.event to the organization's webhook_urls (001 §2.18)",
  tag: 'Webhook delivery',
  access: { kind: 'org', orgIdOf: ({ body }) => body.orgId },
  request: { body: WebhookSetupBodySchema },
  response: { schema: WebhookSetupResultSchema, description: 'The app; setting up again keeps its id and secret' },
  errors: [307, 401],
  async handler({ body, orgId, deps }) {
    refuseInternalAddresses(body.webhook_urls, deps.delivery.outbound ?? { allowPrivate: false });
    const app = await deps.delivery.webhookApps.setUp(orgId!, body.webhook_urls);
    return {
      appId: app.appId,
      dashboardUrl: dashboardUrlOf(deps.delivery.dashboardUrl, app.appId),
      webhook_urls: app.webhookUrls,
      signingSecret: app.signingSecret,
    };
  },
});

export const listWebhookAttemptsRoute = defineRoute({
  method: 'get',
  path: `${PATH}/attempts`,
  summary: 'Every recorded attempt to deliver a webhook to the organization, newest first',
  tag: 'Webhook delivery',
  access: { kind: 'org', orgIdOf: ({ query }) => query.orgId },
  request: { query: WebhookAttemptsQuerySchema },
  response: { schema: WebhookAttemptsResponseSchema, description: 'The attempts' },
  errors: [307, 401],
  async handler({ query, orgId, deps }) {
    const rows = await deps.delivery.webhookAttempts.list(orgId!, query.interactionId, query.limit);
    return {
      attempts: rows.map((r) => ({
        id: r.id,
        interaction_id: r.interactionId,
        message_id: r.messageId,
        event_type: r.eventType,
        endpoint: r.endpoint,
        url: r.url,
        attempt: r.attempt,
        outcome: r.outcome,
        http_status: r.httpStatus,
        error: r.error,
        duration_ms: r.durationMs,
        attempted_at: r.attemptedAt.toISOString(),
      })),
    };
  },
});
