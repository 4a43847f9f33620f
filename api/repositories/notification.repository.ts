import type { Db } from '../../prisma/client';

export function createNotificationRepository(db: Db) {
  return {
    async listOutbox(orgId: string, page: number, pageSize: number) {
      const [total, rows] = await Promise.all([
        db.outboxMessage.count({ where: { orgId } }),
        db.outboxMessage.findMany({ where: { orgId }, orderBy: [{ createdAt: 'desc' }, { id: 'asc' }], skip: (page - 1) * pageSize, take: pageSize }),
      ]);
      return { total, rows };
    },
    async oncallSchedule(orgId: string): Promise<Record<string, unknown[]> | null> {
      const row = await db.organization.findUnique({ where: { id: orgId }, select: { oncallSchedule: true } });
      if (!row) return null;
      return (row.oncallSchedule as Record<string, unknown[]> | null) ?? {};
    },
  };
}

export type NotificationRepository = ReturnType<typeof createNotificationRepository>;
