import type { Db } from '../../../../prisma/client';
import { keepTrackedEvents } from '../../customer-success-event.repository';
import type { CustomerSuccessTracker } from '../../customer-success-tracker.port';

/** The offline tracking service: every event it would POST /track is kept in `customer_success_events`. */
export function createOfflineCustomerSuccessTracker(db: Db): CustomerSuccessTracker {
  return {
    track: (events) => keepTrackedEvents(db, events),
  };
}
