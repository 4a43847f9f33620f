import type { Prisma } from '../../../prisma/generated/client';
import type { Tx } from '../../../prisma/client';
import type { DocumentStore } from '../projection';

export interface InteractionEventRecord {
  id: string;
  created_at: string;
  name: string;
  metadata: Record<string, unknown>;
}

export interface InteractionDoc {
  id: string;
  callId: string;
  orgId: string;
  provider: string;
  providerCallId: string;
  agentType: string | null;
  voiceAgentId: string | null;
  direction: string | null;
  callStatus: string;
  callType: string | null;
  endedReason: string | null;
  startedAt: Date | null;
  endedAt: Date | null;
  durationSeconds: number | null;
  recordingUrl: string | null;
  customerNumber: string | null;
  customerName: string | null;
  customerAddress: string | null;
  crmCustomerId: string | null;
  isLead: boolean | null;
  subject: string | null;
  tags: string[];
  tagReasons: Record<string, string>;
  summary: { title: string; content: string[] }[];
  summaryKind: string | null;
  transcriptObject: unknown[];
  transcriptLines: unknown[];
  callAnalysis: { call_summary: string | null; metadata: Record<string, unknown> };
  scoreParams: Record<string, unknown> | null;
  reachedVoicemail: boolean | null;
  events: InteractionEventRecord[];
  reviewedAt: Date | null;
  reviewNotes: string | null;
  createdAt: Date;
  updatedAt: Date;
}

const json = (value: unknown) => value as Prisma.InputJsonValue;

export const interactionsStore: DocumentStore<InteractionDoc> = {
  async load(tx: Tx, id: string) {
    const row = await tx.interaction.findUnique({ where: { id } });
    if (!row) return null;
    return {
      ...row,
      tagReasons: row.tagReasons as InteractionDoc['tagReasons'],
      summary: row.summary as InteractionDoc['summary'],
      transcriptObject: row.transcriptObject as unknown[],
      transcriptLines: row.transcriptLines as unknown[],
      callAnalysis: row.callAnalysis as InteractionDoc['callAnalysis'],
      scoreParams: row.scoreParams as InteractionDoc['scoreParams'],
      events: row.events as unknown as InteractionEventRecord[],
    };
  },
  async save(tx: Tx, id: string, doc: InteractionDoc) {
    const { id: _id, ...rest } = doc;
    const fields = {
      ...rest,
      tagReasons: json(doc.tagReasons),
      summary: json(doc.summary),
      transcriptObject: json(doc.transcriptObject),
      transcriptLines: json(doc.transcriptLines),
      callAnalysis: json(doc.callAnalysis),
      scoreParams: doc.scoreParams === null ? undefined : json(doc.scoreParams),
      events: json(doc.events),
    };
    await tx.interaction.upsert({ where: { id }, create: { id, ...fields }, update: fields });
  },
  async reset(tx: Tx) {
    await tx.interaction.deleteMany();
  },
};
