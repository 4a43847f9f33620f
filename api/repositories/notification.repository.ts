import type { Db } from '../../prisma/client';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createNotificationRepository(db: Db) {
  return {
    async listOutbox(orgId: string, page: number, pageSize: number) {
      const [total, rows] = await Promise.all([
        db.outboxMessage.count({ where: { orgId } }),
        db.outboxMessage.findMany({ where: { orgId }, orderBy: [{ createdAt: 'desc' }, { id: 'asc' }], skip: (page - 1) * pageSize, take: pageSize }),
      ]);
      // An outbox SMS's id is the message id its providers' status webhooks carry (sms_messages).
      const smsIds = rows.filter((r) => r.channel === 'sms').map((r) => r.id);
      const statuses = smsIds.length
        ? await db.smsMessage.findMany({ where: { messageId: { in: smsIds } }, select: { messageId: true, status: true, errorMessage: true, statusAt: true } })
        : [];
      const deliveryOf = new Map(statuses.map((s) => [s.messageId, s]));
      return { total, rows: rows.map((r) => ({ ...r, delivery: deliveryOf.get(r.id) ?? null })) };
    },
    // Outbox ids are UUIDs; a vendor's e-mail id is not one of ours.
    findOutboxMessage: async (id: string) => (UUID.test(id) ? db.outboxMessage.findUnique({ where: { id } }) : null),
    async updateOutboxStatus(id: string, status: string): Promise<void> {
      await db.outboxMessage.updateMany({ where: { id }, data: { status } });
    },
    async oncallSchedule(orgId: string): Promise<Record<string, unknown[]> | null> {
      const row = await db.organization.findUnique({ where: { id: orgId }, select: { oncallSchedule: true } });
      if (!row) return null;
      return (row.oncallSchedule as Record<string, unknown[]> | null) ?? {};
    },
  };
}

export type NotificationRepository = ReturnType<typeof createNotificationRepository>;
