import { MessagingError, type TeamChatSender } from '../../messaging.port';
import { requireOk } from '../../../http/vendor-http-client';
import { OutboundAddressRefused } from '../../../http/outbound-address-guard';

type HookUrl = string | { url: string; suppliedByOrganization: boolean } | null;

export interface SlackWebhookConfig {
  /** The incoming-webhook URL of the organization's workspace channel, or null when it has none. */
  webhookUrlFor(orgId: string): Promise<HookUrl> | HookUrl;
  /** How a hook the organization supplied is called (the outbound address guard); plain fetch otherwise. */
  organizationFetch?: typeof fetch;
}

// Incoming webhooks answer with a plain-text reason; these mean the hook itself is gone or refused.
const GONE = new Set(['no_service', 'channel_not_found', 'channel_is_archived', 'action_prohibited', 'no_team', 'team_disabled', 'invalid_token']);

function slackError(status: number, reason: string): MessagingError {
  const detail = `team chat answered ${status}: ${reason.slice(0, 200)}`;
  if (status === 429) return new MessagingError('RATE_LIMITED', detail);
  if (status >= 500) return new MessagingError('UNAVAILABLE', detail);
  if (GONE.has(reason)) return new MessagingError('NOT_CONFIGURED', detail, false);
  return new MessagingError('REJECTED', detail, false);
}

/** Team-chat messages through Slack-compatible incoming webhooks ({text, blocks}; "ok" on success). */
export function createSlackWebhookSender(config: SlackWebhookConfig): TeamChatSender {
  return {
    async postMessage(m) {
      const hook = await config.webhookUrlFor(m.orgId);
      if (!hook) throw new MessagingError('NOT_CONFIGURED', `no team-chat webhook for organization ${m.orgId}`, false);
      const { url, suppliedByOrganization } = typeof hook === 'string' ? { url: hook, suppliedByOrganization: false } : hook;
      await requireOk(
        {
          timeoutMs: 15_000,
          ...(suppliedByOrganization && config.organizationFetch ? { fetch: config.organizationFetch } : {}),
          errors: {
            forNetwork: (cause) =>
              cause instanceof OutboundAddressRefused
                ? new MessagingError('REJECTED', `team-chat webhook ${cause.message}`, false)
                : new MessagingError('UNAVAILABLE', `team chat unreachable: ${(cause as Error).message}`),
            forResponse: ({ status, text }) => slackError(status, text.trim()),
          },
        },
        { method: 'POST', url, body: { text: m.text, blocks: m.blocks } },
      );
      return { messageId: m.dedupKey };
    },
  };
}
