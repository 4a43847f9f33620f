import type { NotificationEventInput } from '../../domain/notifications/interaction-event.schema';
import type { RunMeta } from '../../domain/run/run-meta';

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
