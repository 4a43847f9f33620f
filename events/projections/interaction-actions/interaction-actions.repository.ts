import type { Db, Prisma, Tx } from '../../../prisma/client';
import type { DocumentStore } from '../projection';

export interface InteractionActionDoc {
  actionId: string;
  orgId: string;
  interactionId: string | null;
  actionType: string;
  businessKey: string;
  payload: Record<string, unknown>;
  status: 'NEW' | 'COMPLETED' | 'DROPPED';
  result: Record<string, string>;
  reason: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export const interactionActionsStore: DocumentStore<InteractionActionDoc> = {
  async load(tx: Tx, id: string) {
    const row = await tx.interactionAction.findUnique({ where: { actionId: id } });
    if (!row) return null;
    return {
      ...row,
      payload: row.payload as Record<string, unknown>,
      status: row.status as InteractionActionDoc['status'],
      result: row.result as Record<string, string>,
    };
  },
  async save(tx: Tx, id: string, doc: InteractionActionDoc) {
    const fields = { ...doc, payload: doc.payload as Prisma.InputJsonObject, result: doc.result };
    await tx.interactionAction.upsert({ where: { actionId: id }, create: fields, update: fields });
  },
  async reset(tx: Tx) {
    await tx.interactionAction.deleteMany();
  },
};

/** An interaction's agent actions, oldest first; only the completed ones when asked. */
export const listActionsOfInteraction = (db: Db, interactionId: string, opts: { completedOnly?: boolean } = {}) =>
  db.interactionAction.findMany({ where: { interactionId, ...(opts.completedOnly ? { status: 'COMPLETED' } : {}) }, orderBy: { createdAt: 'asc' } });

/** The interactions' completed actions of these types, oldest update first. */
export const listCompletedActionsOfInteractions = (db: Db, interactionIds: string[], actionTypes: string[]) =>
  db.interactionAction.findMany({
    where: { interactionId: { in: interactionIds }, status: 'COMPLETED', actionType: { in: actionTypes } },
    select: { interactionId: true, actionType: true, payload: true, result: true },
    orderBy: [{ updatedAt: 'asc' }, { actionId: 'asc' }],
  });
