import type { NotificationEventInput } from '../../activities/notifications/rules/interaction-event.schema';
import type { RunMeta } from '../onboarding/onboarding.types';

export interface DeliverWebhooksInput {
  meta: RunMeta;
  orgId: string;
  /** The csr.call or widget.event, sent as it is to every endpoint. */
  event: NotificationEventInput;
}

export interface DeliverWebhooksResult {
  delivered: Array<{ endpoint: string; attempts: number }>;
  failed: string[];
}
