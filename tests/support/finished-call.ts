import { randomUUID } from 'node:crypto';
import type { Db } from '../../prisma/client';
import type { Prisma } from '../../prisma/generated/client';

/**
 * A finished, unbooked inbound call in the interactions read model, as the post-call pipeline leaves it:
 * a caller whose furnace stopped, offered a callback. For tests of what reads calls (evaluation, /llm).
 */
export async function seedFinishedCall(
  db: Db,
  call: { orgId: string; providerCallId: string; id?: string; callId?: string } & Partial<Prisma.InteractionUncheckedCreateInput>,
): Promise<void> {
  const now = new Date();
  // A call's id is its interaction id; a test may give an older, separate call id instead.
  const id = call.id ?? randomUUID();
  await db.interaction.create({
    data: {
      id,
      callId: id,
      provider: 'retell',
      agentType: 'OFFICE_HOURS_CSR',
      direction: 'inbound',
      callStatus: 'UNBOOKED',
      endedReason: 'user_hangup',
      durationSeconds: 42,
      customerNumber: '+15125550100',
      transcriptLines: [
        { role: 'Agent', message: 'Thanks for calling, this is Olivia. How can I help you today?', timestamp: '0:00', seconds: 0 },
        { role: 'Customer', message: 'Hi, my furnace stopped working and the house is cold.', timestamp: '0:05', seconds: 5 },
        { role: 'Agent', message: "I'm sorry to hear that. Let me have someone call you back today.", timestamp: '0:12', seconds: 12 },
        { role: 'Customer', message: 'Okay, thank you.', timestamp: '0:20', seconds: 20 },
      ],
      createdAt: now,
      updatedAt: now,
      ...call,
    },
  });
}
