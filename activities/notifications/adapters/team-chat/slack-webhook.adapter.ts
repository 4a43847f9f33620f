import { MessagingError, type TeamChatSender } from '../../messaging.port';

export interface SlackWebhookConfig {
  /** The incoming-webhook URL of the organization's workspace channel, or null when it has none. */
  webhookUrlFor(orgId: string): Promise<string | null> | string | null;
}

// Incoming webhooks answer with a plain-text reason; these mean the hook itself is gone or refused.
const GONE = new Set(['no_service', 'channel_not_found', 'channel_is_archived', 'action_prohibited', 'no_team', 'team_disabled', 'invalid_token']);

/** Team-chat messages through Slack-compatible incoming webhooks ({text, blocks}; "ok" on success). */
export function createSlackWebhookSender(config: SlackWebhookConfig): TeamChatSender {
  return {
    async postMessage(m) {
      const url = await config.webhookUrlFor(m.orgId);
      if (!url) throw new MessagingError('NOT_CONFIGURED', `no team-chat webhook for organization ${m.orgId}`, false);
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ text: m.text, blocks: m.blocks }),
          signal: AbortSignal.timeout(15_000),
        });
      } catch (err) {
        throw new MessagingError('UNAVAILABLE', `team chat unreachable: ${(err as Error).message}`);
      }
      const reason = (await res.text()).trim();
      if (res.ok) return { messageId: m.dedupKey };
      const detail = `team chat answered ${res.status}: ${reason.slice(0, 200)}`;
      if (res.status === 429) throw new MessagingError('RATE_LIMITED', detail);
      if (res.status >= 500) throw new MessagingError('UNAVAILABLE', detail);
      if (GONE.has(reason)) throw new MessagingError('NOT_CONFIGURED', detail, false);
      throw new MessagingError('REJECTED', detail, false);
    },
  };
}
