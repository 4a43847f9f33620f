import type { Db, Tx } from '../../../prisma/client';
import type { DocumentStore } from '../projection';

export interface SmsMessageDoc {
  messageId: string;
  provider: string | null;
  direction: 'outbound' | 'inbound';
  orgId: string | null;
  interactionId: string | null;
  from: string | null;
  to: string | null;
  text: string | null;
  status: string;
  providerStatus: string | null;
  errorCode: number | null;
  errorMessage: string | null;
  segmentCount: number | null;
  statusAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export const smsMessagesStore: DocumentStore<SmsMessageDoc> = {
  async load(tx: Tx, id: string) {
    const row = await tx.smsMessage.findUnique({ where: { messageId: id } });
    return row ? { ...row, direction: row.direction as SmsMessageDoc['direction'] } : null;
  },
  async save(tx: Tx, id: string, doc: SmsMessageDoc) {
    const { messageId: _id, ...fields } = doc;
    await tx.smsMessage.upsert({ where: { messageId: id }, create: { messageId: id, ...fields }, update: fields });
  },
  async reset(tx: Tx) {
    await tx.smsMessage.deleteMany();
  },
};

/** The delivery status of these messages, as their providers' webhooks last told it. */
export const listSmsDeliveries = async (db: Db, messageIds: string[]) =>
  messageIds.length
    ? db.smsMessage.findMany({ where: { messageId: { in: messageIds } }, select: { messageId: true, status: true, errorMessage: true, statusAt: true } })
    : [];
