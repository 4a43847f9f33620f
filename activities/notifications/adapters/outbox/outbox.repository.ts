import { randomUUID } from 'node:crypto';
import type { Db } from '../../../../prisma/client';

/** The one owner of outbox_messages: the offline adapter stores messages, the dashboard's Outbox page reads them. */

export interface OutboxRow {
  orgId: string;
  interactionId: string | null;
  channel: string;
  to: string;
  subject?: string | null;
  text: string;
  html?: string | null;
  template?: string | null;
  status: string;
  dedupKey: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Stores a message once per dedup key and answers with the stored one. */
export async function storeOutboxMessage(db: Db, row: OutboxRow): Promise<{ messageId: string; status: string }> {
  await db.outboxMessage.createMany({
    data: [
      {
        id: randomUUID(),
        orgId: row.orgId,
        interactionId: row.interactionId,
        channel: row.channel,
        to: row.to,
        subject: row.subject ?? null,
        text: row.text,
        html: row.html ?? null,
        template: row.template ?? null,
        status: row.status,
        dedupKey: row.dedupKey,
      },
    ],
    skipDuplicates: true,
  });
  const stored = await db.outboxMessage.findUniqueOrThrow({ where: { dedupKey: row.dedupKey }, select: { id: true, status: true } });
  return { messageId: stored.id, status: stored.status };
}

/** A page of the org's outbox, newest first, and its size. */
export const listOutboxPage = async (db: Db, orgId: string, page: number, pageSize: number) => {
  const [total, rows] = await Promise.all([
    db.outboxMessage.count({ where: { orgId } }),
    db.outboxMessage.findMany({ where: { orgId }, orderBy: [{ createdAt: 'desc' }, { id: 'asc' }], skip: (page - 1) * pageSize, take: pageSize }),
  ]);
  return { total, rows };
};

// Outbox ids are UUIDs; a vendor's e-mail id is not one of ours.
export const findOutboxMessage = async (db: Db, id: string) => (UUID.test(id) ? db.outboxMessage.findUnique({ where: { id } }) : null);

export async function updateOutboxStatus(db: Db, id: string, status: string): Promise<void> {
  await db.outboxMessage.updateMany({ where: { id }, data: { status } });
}
