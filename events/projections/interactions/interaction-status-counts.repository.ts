import { Prisma, type Tx } from '../../../prisma/client';

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

const keyText = (k: StatusCountKey) => `${k.orgId}|${k.day}|${k.agentType}|${k.callStatus}|${k.reviewed}`;

/**
 * Deltas of one key summed into one (a statement cannot change a row twice), in key order, so two transactions moving
 * the same counts at once lock their rows in the same order. `decremented`: a delta of the key was negative, so its row
 * may have reached zero (and goes), as one by one it would have.
 */
export function mergeStatusCountDeltas(deltas: StatusCountDelta[]): (StatusCountDelta & { decremented: boolean })[] {
  const merged = new Map<string, StatusCountDelta & { decremented: boolean }>();
  for (const d of deltas) {
    const key = keyText(d);
    const entry = merged.get(key) ?? { ...d, delta: 0, decremented: false };
    entry.delta += d.delta;
    entry.decremented ||= d.delta < 0;
    merged.set(key, entry);
  }
  return [...merged.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, d]) => d);
}

export const statusCountsStore = {
  /** Moves the counts by the deltas (any number, of any calls) in one statement, and one more when one went down. */
  async apply(tx: Tx, deltas: StatusCountDelta[]): Promise<void> {
    const merged = mergeStatusCountDeltas(deltas);
    if (merged.length === 0) return;
    await tx.$executeRaw`
      INSERT INTO interaction_status_counts (org_id, day, agent_type, call_status, reviewed, count)
      SELECT d.org_id, d.day, d.agent_type, d.call_status, d.reviewed, d.delta
      FROM unnest(
        ${merged.map((d) => d.orgId)}::uuid[],
        ${merged.map((d) => d.day)}::date[],
        ${merged.map((d) => d.agentType)}::text[],
        ${merged.map((d) => d.callStatus)}::text[],
        ${merged.map((d) => d.reviewed)}::boolean[],
        ${merged.map((d) => d.delta)}::int[]
      ) WITH ORDINALITY AS d(org_id, day, agent_type, call_status, reviewed, delta, n)
      ORDER BY d.n
      ON CONFLICT (org_id, day, agent_type, call_status, reviewed) DO UPDATE SET count = interaction_status_counts.count + EXCLUDED.count`;
    const decremented = merged.filter((d) => d.decremented);
    if (decremented.length === 0) return;
    await tx.$executeRaw`
      DELETE FROM interaction_status_counts c
      USING unnest(
        ${decremented.map((d) => d.orgId)}::uuid[],
        ${decremented.map((d) => d.day)}::date[],
        ${decremented.map((d) => d.agentType)}::text[],
        ${decremented.map((d) => d.callStatus)}::text[],
        ${decremented.map((d) => d.reviewed)}::boolean[]
      ) AS d(org_id, day, agent_type, call_status, reviewed)
      WHERE c.org_id = d.org_id AND c.day = d.day AND c.agent_type = d.agent_type
        AND c.call_status = d.call_status AND c.reviewed = d.reviewed AND c.count <= 0`;
  },
  async reset(tx: Tx): Promise<void> {
    await tx.interactionStatusCount.deleteMany();
  },
};

/**
 * The statement of the kept counts of the whole UTC days [fromDay, toDay) (each a day's midnight, or null for no
 * bound): the call logs send it with the part days' counts as one statement.
 */
export function sumStatusCountsSql(f: { orgId: string; agentTypes: string[] | null; fromDay: Date | null; toDay: Date | null }): Prisma.Sql {
  const conditions = [Prisma.sql`org_id = ${f.orgId}::uuid`];
  if (f.fromDay) conditions.push(Prisma.sql`day >= ${f.fromDay.toISOString().slice(0, 10)}::date`);
  if (f.toDay) conditions.push(Prisma.sql`day < ${f.toDay.toISOString().slice(0, 10)}::date`);
  if (f.agentTypes) conditions.push(Prisma.sql`agent_type = ANY(${f.agentTypes}::text[])`);
  return Prisma.sql`
    SELECT call_status AS "callStatus", reviewed, SUM(count)::int AS count
    FROM interaction_status_counts
    WHERE ${Prisma.join(conditions, ' AND ')}
    GROUP BY call_status, reviewed`;
}
