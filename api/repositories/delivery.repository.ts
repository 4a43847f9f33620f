import type { Db } from '../../prisma/client';
import { findOrgIdForSmsNumber, findTeamChatWebhookUrl, setTeamChatWebhookUrl } from '../../activities/notifications/org-messaging-settings.repository';
import { listAttempts } from '../../events/projections/webhook-deliveries/webhook-deliveries.repository';

export { createWebhookAppRepository, type WebhookAppRepository, type WebhookAppView } from '../../activities/webhooks/webhook-app.repository';

export interface SmsNumberRepository {
  /** The organization whose sending number this is, if any. */
  orgIdForNumber(phoneNumber: string): Promise<string | null>;
}

export function createSmsNumberRepository(db: Db): SmsNumberRepository {
  return {
    orgIdForNumber: (phoneNumber) => findOrgIdForSmsNumber(db, phoneNumber),
  };
}

export interface WebhookAttemptRepository {
  list(
    orgId: string,
    interactionId: string | undefined,
    limit: number,
  ): Promise<
    Array<{
      id: string;
      interactionId: string;
      messageId: string;
      eventType: string;
      endpoint: string;
      url: string;
      attempt: number;
      outcome: string;
      httpStatus: number | null;
      error: string | null;
      durationMs: number;
      attemptedAt: Date;
    }>
  >;
}

export function createWebhookAttemptRepository(db: Db): WebhookAttemptRepository {
  return {
    list: (orgId, interactionId, limit) => listAttempts(db, orgId, interactionId, limit),
  };
}

export interface TeamChatHookRepository {
  find(orgId: string): Promise<string | null>;
  /** null removes the organization's own hook, so the deployment's one (if any) is used again. */
  set(orgId: string, webhookUrl: string | null): Promise<void>;
}

export function createTeamChatHookRepository(db: Db): TeamChatHookRepository {
  return {
    find: (orgId) => findTeamChatWebhookUrl(db, orgId),
    set: (orgId, webhookUrl) => setTeamChatWebhookUrl(db, orgId, webhookUrl),
  };
}
