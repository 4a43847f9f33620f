import type { Db, Prisma, Tx } from '../../../prisma/client';
import type { DocumentStore } from '../projection';

export interface AssistantSessionMessage {
  /** `<chatId>:initial`, or `<exchangeId>:q` / `<exchangeId>:a`: a redelivered exchange is found by it. */
  id: string;
  role: 'user' | 'assistant';
  content: string;
  timestamp: string;
  /** Assistant replies only: the stock reply given when the language engine failed. */
  fallback?: boolean;
}

export interface AssistantSessionDoc {
  chatId: string;
  orgId: string;
  interactionId: string;
  csrEmail: string;
  startedBy: string | null;
  timezone: string;
  status: 'initialized' | 'ended';
  messages: AssistantSessionMessage[];
  startedAt: Date;
  endedAt: Date | null;
  updatedAt: Date;
}

type Row = Prisma.AssistantSessionGetPayload<object>;
const toDoc = (row: Row): AssistantSessionDoc => ({
  ...row,
  status: row.status as AssistantSessionDoc['status'],
  messages: row.messages as unknown as AssistantSessionMessage[],
});

export const assistantSessionsStore: DocumentStore<AssistantSessionDoc> = {
  async load(tx: Tx, id: string) {
    const row = await tx.assistantSession.findUnique({ where: { chatId: id } });
    return row ? toDoc(row) : null;
  },
  async save(tx: Tx, id: string, doc: AssistantSessionDoc) {
    const { chatId: _id, ...rest } = doc;
    const fields = { ...rest, messages: doc.messages as unknown as Prisma.InputJsonValue };
    await tx.assistantSession.upsert({ where: { chatId: id }, create: { chatId: id, ...fields }, update: fields });
  },
  async reset(tx: Tx) {
    await tx.assistantSession.deleteMany();
  },
};

/** The assistant_sessions read model (the AI assistant's sessions and their messages). */
export function createAssistantSessionRepository(db: Db) {
  return {
    find: async (chatId: string) => {
      const row = await db.assistantSession.findUnique({ where: { chatId } });
      return row ? toDoc(row) : null;
    },
    /** The staff user's session on the call that has not been ended, newest first: init-session resumes it. */
    findOpen: async (interactionId: string, startedBy: string, csrEmail: string) => {
      const row = await db.assistantSession.findFirst({
        where: { interactionId, startedBy, csrEmail, status: 'initialized' },
        orderBy: { startedAt: 'desc' },
      });
      return row ? toDoc(row) : null;
    },
  };
}

export type AssistantSessionRepository = ReturnType<typeof createAssistantSessionRepository>;
