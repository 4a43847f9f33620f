import type { NotificationEventInput } from '../../domain/notifications/interaction-event.schema';
import type { RunMeta } from '../../domain/run/run-meta';

export interface NotifyInteractionInput {
  meta: RunMeta;
  orgId: string;
  /** The csr.call (or widget.event) the interaction ended with. */
  event: NotificationEventInput;
}

export interface NotifyInteractionResult {
  sent: number;
  failed: number;
  skipped: number;
  /** Whether the emergency page reached nobody on the technician's call. */
  pagerUnanswered: boolean;
}
