import { randomUUID } from 'node:crypto';
import type { Db, Prisma } from '../../../../prisma/client';
import type { CustomerSuccessTracker } from '../../customer-success-tracker.port';

/** The offline tracking service: every event it would POST /track is kept in `customer_success_events`. */
export function createOfflineCustomerSuccessTracker(db: Db): CustomerSuccessTracker {
  return {
    async track(events) {
      if (events.length === 0) return;
      await db.customerSuccessEvent.createMany({
        data: events.map(({ dedupKey, event }) => ({
          id: randomUUID(),
          accountId: event.accountId,
          event: event.event,
          properties: event.properties as unknown as Prisma.InputJsonObject,
          timestamp: new Date(event.timestamp),
          dedupKey,
        })),
        skipDuplicates: true,
      });
    },
  };
}
