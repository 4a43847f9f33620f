import { defineRoute } from '../../http/route';
import { OutboxPageSchema, OutboxQuerySchema } from './notifications.schema';

export const listOutboxRoute = defineRoute({
  method: 'get',
  path: '/outbox',
  summary: "The organization's outbox: every message the offline messaging adapter sent, newest first",
  tag: 'Notifications',
  access: { kind: 'org', orgIdOf: ({ query }) => query.orgId },
  request: { query: OutboxQuerySchema },
  response: { schema: OutboxPageSchema, description: 'One page of messages' },
  errors: [307, 401],
  async handler({ query, orgId, deps }) {
    const { total, rows } = await deps.notifications.repository.listOutbox(orgId!, query.page, query.pageSize);
    return {
      page: query.page,
      pageSize: query.pageSize,
      total,
      messages: rows.map((m) => ({
        id: m.id,
        interaction_id: m.interactionId,
        channel: m.channel as 'email' | 'sms' | 'slack' | 'call',
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
        template: m.template,
        status: m.status,
        delivery_status: m.delivery?.status ?? null,
        delivery_error: m.delivery?.errorMessage ?? null,
        created_at: m.createdAt.toISOString(),
      })),
    };
  },
});
