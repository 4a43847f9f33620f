import type { Db, Tx } from '../../../prisma/client';
import type { DocumentStore } from '../projection';
import { DEFAULT_CHAT_CONFIG, type ChatConfig } from '../../../domain/contracts/chat-llm.contract';

/** An organization's chat agent settings as the read model keeps them. */
export interface ChatConfigDoc extends ChatConfig {
  orgId: string;
  updatedAt: Date;
}

const toDoc = (row: ChatConfigDoc): ChatConfigDoc => ({ ...row, textTheme: row.textTheme as ChatConfig['textTheme'] });

export const chatConfigsStore: DocumentStore<ChatConfigDoc> = {
  async load(tx: Tx, id: string) {
    const row = await tx.chatConfig.findUnique({ where: { orgId: id } });
    return row ? toDoc(row as ChatConfigDoc) : null;
  },
  async save(tx: Tx, id: string, doc: ChatConfigDoc) {
    const { orgId: _id, ...fields } = doc;
    await tx.chatConfig.upsert({ where: { orgId: id }, create: { orgId: id, ...fields }, update: fields });
  },
  async reset(tx: Tx) {
    await tx.chatConfig.deleteMany();
  },
};

/** The chat configs read model's queries. */
export function createChatConfigRepository(db: Db) {
  return {
    /** The org's chat agent settings; the spec's defaults until staff first save them. */
    async find(orgId: string): Promise<ChatConfig & { updatedAt: Date | null }> {
      const row = await db.chatConfig.findUnique({ where: { orgId } });
      if (!row) return { ...DEFAULT_CHAT_CONFIG, updatedAt: null };
      const { orgId: _o, ...config } = toDoc(row as ChatConfigDoc);
      return config;
    },
  };
}

export type ChatConfigRepository = ReturnType<typeof createChatConfigRepository>;
