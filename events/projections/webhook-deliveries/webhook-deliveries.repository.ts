import type { Db, Tx } from '../../../prisma/client';
import type { Prisma } from '../../../prisma/generated/client';

/** Adds attempts; one whose id is stored already adds nothing. */
export async function addAttempts(tx: Tx, rows: Prisma.WebhookDeliveryAttemptCreateManyInput[]): Promise<void> {
  await tx.webhookDeliveryAttempt.createMany({ data: rows, skipDuplicates: true });
}

export async function resetAttempts(tx: Tx): Promise<void> {
  await tx.webhookDeliveryAttempt.deleteMany();
}

/** The org's latest attempts, newest first, optionally of one interaction. */
export const listAttempts = (db: Db, orgId: string, interactionId: string | undefined, limit: number) =>
  db.webhookDeliveryAttempt.findMany({
    where: { orgId, ...(interactionId === undefined ? {} : { interactionId }) },
    orderBy: [{ attemptedAt: 'desc' }, { attempt: 'desc' }],
    take: limit,
  });
