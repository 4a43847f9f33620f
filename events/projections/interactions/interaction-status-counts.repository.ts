import { Prisma, type Db, type Tx } from '../../../prisma/client';

/**
 * The call logs' statusCounts kept by the interactions projection (issue 16, table interaction_status_counts):
 * calls per organization, UTC day of their created_at, agent type ('' for none), status and whether reviewed.
 */
export interface StatusCountKey {
  orgId: string;
  /** The UTC day of the call's created_at, YYYY-MM-DD. */
  day: string;
  agentType: string;
  callStatus: string;
  reviewed: boolean;
}

export interface StatusCountDelta extends StatusCountKey {
  delta: number;
}

/** Calls of one status, reviewed or not, as a count query answers. */
export interface StatusReviewCount {
  callStatus: string;
  reviewed: boolean;
  count: number;
}

export const DAY_MS = 86_400_000;

/** What of a call's row decides where it is counted. */
export interface CountedFields {
  orgId: string;
  createdAt: Date;
  agentType: string | null;
  callStatus: string;
  reviewedAt: Date | null;
}

/** Where a call is counted in interaction_status_counts: its organization, UTC day, agent type, status and review. */
export const statusCountKeyOf = (doc: CountedFields): StatusCountKey => ({
  orgId: doc.orgId,
  day: doc.createdAt.toISOString().slice(0, 10),
  agentType: doc.agentType ?? '',
  callStatus: doc.callStatus,
  reviewed: doc.reviewedAt !== null,
});

const sameKey = (a: StatusCountKey, b: StatusCountKey) =>
  a.orgId === b.orgId && a.day === b.day && a.agentType === b.agentType && a.callStatus === b.callStatus && a.reviewed === b.reviewed;

/**
 * The change to the kept counts when a call's row goes from `before` to `after`: one out of its old key, one into
 * its new one (nothing when the key is the same), so a reclassification or a review moves the call between counts.
 */
export function statusCountDeltas(before: CountedFields | null, after: CountedFields): StatusCountDelta[] {
  const to = statusCountKeyOf(after);
  if (!before) return [{ ...to, delta: 1 }];
  const from = statusCountKeyOf(before);
  return sameKey(from, to)
    ? []
    : [
        { ...from, delta: -1 },
        { ...to, delta: 1 },
      ];
}

export const statusCountsStore = {
  async apply(tx: Tx, deltas: StatusCountDelta[]): Promise<void> {
    for (const d of deltas) {
      await tx.$executeRaw`
        INSERT INTO interaction_status_counts (org_id, day, agent_type, call_status, reviewed, count)
        VALUES (${d.orgId}::uuid, ${d.day}::date, ${d.agentType}, ${d.callStatus}, ${d.reviewed}, ${d.delta})
        ON CONFLICT (org_id, day, agent_type, call_status, reviewed) DO UPDATE SET count = interaction_status_counts.count + EXCLUDED.count`;
      if (d.delta < 0) {
        await tx.$executeRaw`
          DELETE FROM interaction_status_counts
          WHERE org_id = ${d.orgId}::uuid AND day = ${d.day}::date AND agent_type = ${d.agentType}
            AND call_status = ${d.callStatus} AND reviewed = ${d.reviewed} AND count <= 0`;
      }
    }
  },
  async reset(tx: Tx): Promise<void> {
    await tx.interactionStatusCount.deleteMany();
  },
};

/** The kept counts of the whole UTC days [fromDay, toDay) (each a day's midnight, or null for no bound). */
export async function sumStatusCounts(
  db: Db,
  f: { orgId: string; agentTypes: string[] | null; fromDay: Date | null; toDay: Date | null },
): Promise<StatusReviewCount[]> {
  const conditions = [Prisma.sql`org_id = ${f.orgId}::uuid`];
  if (f.fromDay) conditions.push(Prisma.sql`day >= ${f.fromDay.toISOString().slice(0, 10)}::date`);
  if (f.toDay) conditions.push(Prisma.sql`day < ${f.toDay.toISOString().slice(0, 10)}::date`);
  if (f.agentTypes) conditions.push(Prisma.sql`agent_type = ANY(${f.agentTypes}::text[])`);
  return db.$queryRaw<StatusReviewCount[]>`
    SELECT call_status AS "callStatus", reviewed, SUM(count)::int AS count
    FROM interaction_status_counts
    WHERE ${Prisma.join(conditions, ' AND ')}
    GROUP BY call_status, reviewed`;
}
