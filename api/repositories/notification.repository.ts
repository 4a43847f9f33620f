import type { Db } from '../../prisma/client';
import { findOutboxMessage, listOutboxPage, updateOutboxStatus } from '../../activities/notifications/adapters/outbox/outbox.repository';
import { findOncallSchedule } from '../../events/projections/organizations/organizations.repository';
import { listSmsDeliveries } from '../../events/projections/sms-messages/sms-messages.repository';

export function createNotificationRepository(db: Db) {
  return {
    async listOutbox(orgId: string, page: number, pageSize: number) {
      const { total, rows } = await listOutboxPage(db, orgId, page, pageSize);
      // An outbox SMS's id is the message id its providers' status webhooks carry (sms_messages).
      const smsIds = rows.filter((r) => r.channel === 'sms').map((r) => r.id);
      const statuses = await listSmsDeliveries(db, smsIds);
      const deliveryOf = new Map(statuses.map((s) => [s.messageId, s]));
      return { total, rows: rows.map((r) => ({ ...r, delivery: deliveryOf.get(r.id) ?? null })) };
    },
    findOutboxMessage: (id: string) => findOutboxMessage(db, id),
    updateOutboxStatus: (id: string, status: string) => updateOutboxStatus(db, id, status),
    async oncallSchedule(orgId: string): Promise<Record<string, unknown[]> | null> {
      return findOncallSchedule(db, orgId);
    },
  };
}

export type NotificationRepository = ReturnType<typeof createNotificationRepository>;
