import type { Db } from '../../prisma/client';
import { listActionsOfInteraction } from '../../events/projections/interaction-actions/interaction-actions.repository';
import { createInteractionRepository } from '../../events/projections/interactions/interactions.repository';
import { ActionSchema, type Action, type TranscriptLine } from '../../domain/interaction/interaction.schema';

export interface CallTrace {
  interactionId: string;
  orgId: string;
  direction: string | null;
  transcript: TranscriptLine[];
  endedReason: string | null;
  durationSeconds: number | null;
  customerPhone: string | null;
  actions: Action[];
}

/** What an evaluation reads of a call: the interactions read model and the agent's actions on it. */
export function createLlmTraceRepository(db: Db) {
  const interactions = createInteractionRepository(db);
  return {
    /** A call trace is named by the call's id or its interaction's id. */
    async findCallTrace(traceId: string): Promise<CallTrace | null> {
      if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(traceId)) return null;
      const row = await interactions.findCall(traceId);
      if (!row) return null;
      const actions = await listActionsOfInteraction(db, row.id);
      return {
        interactionId: row.id,
        orgId: row.orgId,
        direction: row.direction,
        transcript: Array.isArray(row.transcriptLines) ? (row.transcriptLines as unknown as TranscriptLine[]) : [],
        endedReason: row.endedReason,
        durationSeconds: row.durationSeconds,
        customerPhone: row.customerNumber,
        actions: actions.flatMap((a) => {
          const parsed = ActionSchema.safeParse({ id: a.actionId, type: a.actionType, status: a.status, payload: a.payload ?? {} });
          return parsed.success ? [parsed.data] : [];
        }),
      };
    },
  };
}

export type LlmTraceRepository = ReturnType<typeof createLlmTraceRepository>;
