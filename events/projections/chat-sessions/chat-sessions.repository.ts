import { Prisma, type ChatSession as ChatSessionRow } from '../../../prisma/generated/client';
import type { Db, Tx } from '../../../prisma/client';
import type { DocumentStore } from '../projection';
import { appliedEventIds } from '../../processed-events.repository';

export interface ChatSessionMessageRecord {
  id: string;
  role: 'user' | 'agent';
  content: string;
  created_at: string;
}

export interface ChatSessionEventRecord {
  id: string;
  created_at: string;
  name: string;
  metadata: Record<string, unknown>;
}

/** One LLM chat session as the read model keeps it (001 §3 "Chat session"). */
export interface ChatSessionDoc {
  interactionId: string;
  sessionId: string;
  orgId: string;
  agentId: string;
  agentType: string;
  status: 'live' | 'ended';
  endReason: string | null;
  endedAt: Date | null;
  messages: ChatSessionMessageRecord[];
  customerName: string | null;
  customerNumber: string | null;
  customerAddress: string | null;
  crmCustomerId: string | null;
  numberExtension: string | null;
  callStatus: string;
  callType: string | null;
  summary: { title: string; content: string[] }[];
  tags: string[];
  events: ChatSessionEventRecord[];
  reviewedAt: Date | null;
  reviewNotes: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The projection's name, as processed_events records it. */
export const CHAT_SESSIONS_PROJECTION = 'chat-sessions';

const toDoc = (row: ChatSessionRow): ChatSessionDoc => ({
  ...row,
  status: row.status as ChatSessionDoc['status'],
  messages: row.messages as unknown as ChatSessionMessageRecord[],
  summary: row.summary as ChatSessionDoc['summary'],
  events: row.events as unknown as ChatSessionEventRecord[],
});

const toRow = (doc: ChatSessionDoc) => ({
  ...doc,
  messages: doc.messages as unknown as Prisma.InputJsonValue,
  summary: doc.summary as unknown as Prisma.InputJsonValue,
  events: doc.events as unknown as Prisma.InputJsonValue,
});

export const chatSessionsStore: DocumentStore<ChatSessionDoc> = {
  async load(tx: Tx, id: string) {
    const row = await tx.chatSession.findUnique({ where: { interactionId: id } });
    return row ? toDoc(row) : null;
  },
  async save(tx: Tx, id: string, doc: ChatSessionDoc) {
    const { interactionId: _id, ...fields } = toRow(doc);
    await tx.chatSession.upsert({ where: { interactionId: id }, create: { interactionId: id, ...fields }, update: fields });
  },
  async loadMany(tx: Tx, ids: string[]) {
    const rows = await tx.chatSession.findMany({ where: { interactionId: { in: ids } } });
    return new Map(rows.map((row) => [row.interactionId, toDoc(row)]));
  },
  async reset(tx: Tx) {
    await tx.chatSession.deleteMany();
  },
};

export interface ChatSessionLogsFilter {
  orgId: string;
  agentId?: string;
  from?: Date;
  to?: Date;
  page: number;
  pageSize: number;
}

/** The chat sessions read model's queries. */
export function createChatSessionRepository(db: Db) {
  return {
    /** One page of an organization's sessions in a date range, newest first. */
    async listSessions(filter: ChatSessionLogsFilter): Promise<ChatSessionDoc[]> {
      const rows = await db.chatSession.findMany({
        where: {
          orgId: filter.orgId,
          ...(filter.agentId ? { agentId: filter.agentId } : {}),
          createdAt: { ...(filter.from ? { gte: filter.from } : {}), ...(filter.to ? { lte: filter.to } : {}) },
        },
        orderBy: [{ createdAt: 'desc' }, { interactionId: 'asc' }],
        skip: (filter.page - 1) * filter.pageSize,
        take: filter.pageSize,
      });
      return rows.map(toDoc);
    },
    async findBySessionId(sessionId: string): Promise<ChatSessionDoc | null> {
      const row = await db.chatSession.findUnique({ where: { sessionId } });
      return row ? toDoc(row) : null;
    },
    async findByInteractionId(interactionId: string): Promise<ChatSessionDoc | null> {
      const row = await db.chatSession.findUnique({ where: { interactionId } });
      return row ? toDoc(row) : null;
    },
    async orgIdOfInteraction(interactionId: string): Promise<string | null> {
      return (await db.chatSession.findUnique({ where: { interactionId }, select: { orgId: true } }))?.orgId ?? null;
    },
    /** The session once the read model holds one event id of each group (the pipeline's last step), or null while it does not yet. */
    async findCaughtUp(interactionId: string, awaitEventIds: string[][]): Promise<ChatSessionDoc | null> {
      const ids = awaitEventIds.flat();
      if (ids.length > 0) {
        const applied = await appliedEventIds(db, CHAT_SESSIONS_PROJECTION, ids);
        if (!awaitEventIds.every((group) => group.some((id) => applied.has(id)))) return null;
      }
      const row = await db.chatSession.findUnique({ where: { interactionId } });
      return row ? toDoc(row) : null;
    },
  };
}

export type ChatSessionRepository = ReturnType<typeof createChatSessionRepository>;
