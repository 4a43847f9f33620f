import type { Db, Tx } from '../../../prisma/client';
import type { DailyAgentRollup } from '../../../domain/analytics/call-analytics';
import type { RollupDelta } from './call-analytics.projection';

/** What one call contributes to the call analytics, as the projection keeps it (table call_analytics_calls). */
export interface CallAnalyticsFact {
  interactionId: string;
  orgId: string;
  bucketStart: Date;
  agentType: string;
  callStatus: string;
  ended: boolean;
  endedReason: string | null;
  direction: string | null;
  seconds: number;
  isLead: boolean;
  tags: string[];
  reviewed: boolean;
}

export const callAnalyticsStore = {
  async loadFact(tx: Tx, interactionId: string): Promise<CallAnalyticsFact | null> {
    return tx.callAnalyticsCall.findUnique({ where: { interactionId } });
  },
  async saveFact(tx: Tx, fact: CallAnalyticsFact): Promise<void> {
    const { interactionId, ...fields } = fact;
    await tx.callAnalyticsCall.upsert({ where: { interactionId }, create: fact, update: fields });
  },
  async applyDelta(tx: Tx, delta: RollupDelta): Promise<void> {
    for (const b of delta.buckets) {
      const c = b.counters;
      await tx.$executeRaw`
        INSERT INTO call_analytics_buckets (org_id, bucket_start, agent_type, calls, leads, booked, unbooked, excused, spam, transferred, reviewed, seconds)
        VALUES (${b.orgId}::uuid, ${b.bucketStart}, ${b.agentType}, ${c.calls}, ${c.leads}, ${c.booked}, ${c.unbooked}, ${c.excused}, ${c.spam}, ${c.transferred}, ${c.reviewed}, ${c.seconds})
        ON CONFLICT (org_id, bucket_start, agent_type) DO UPDATE SET
          calls = call_analytics_buckets.calls + EXCLUDED.calls,
          leads = call_analytics_buckets.leads + EXCLUDED.leads,
          booked = call_analytics_buckets.booked + EXCLUDED.booked,
          unbooked = call_analytics_buckets.unbooked + EXCLUDED.unbooked,
          excused = call_analytics_buckets.excused + EXCLUDED.excused,
          spam = call_analytics_buckets.spam + EXCLUDED.spam,
          transferred = call_analytics_buckets.transferred + EXCLUDED.transferred,
          reviewed = call_analytics_buckets.reviewed + EXCLUDED.reviewed,
          seconds = call_analytics_buckets.seconds + EXCLUDED.seconds`;
    }
    for (const t of delta.tags) {
      await tx.$executeRaw`
        INSERT INTO call_analytics_tag_counts (org_id, bucket_start, outcome, tag, count)
        VALUES (${t.orgId}::uuid, ${t.bucketStart}, ${t.outcome}, ${t.tag}, ${t.delta})
        ON CONFLICT (org_id, bucket_start, outcome, tag) DO UPDATE SET count = call_analytics_tag_counts.count + EXCLUDED.count`;
      // Only a decrement can bring a count to zero; that row goes (by its key, not by scanning the table).
      if (t.delta < 0)
        await tx.$executeRaw`
          DELETE FROM call_analytics_tag_counts
          WHERE org_id = ${t.orgId}::uuid AND bucket_start = ${t.bucketStart} AND outcome = ${t.outcome} AND tag = ${t.tag} AND count <= 0`;
    }
  },
  async reset(tx: Tx): Promise<void> {
    await tx.callAnalyticsTagCount.deleteMany();
    await tx.callAnalyticsBucket.deleteMany();
    await tx.callAnalyticsCall.deleteMany();
  },
};

/** The call analytics read model's queries; the analytics routes read it here only. */
export function createCallAnalyticsRepository(db: Db) {
  return {
    /** The rollups of [from, to) summed per local day of `timeZone` and per agent type. */
    async dailyRollups(orgId: string, from: Date, to: Date, timeZone: string): Promise<DailyAgentRollup[]> {
      const rows = await db.$queryRaw<(Omit<DailyAgentRollup, 'seconds'> & { seconds: number | string })[]>`
        SELECT to_char(bucket_start AT TIME ZONE ${timeZone}, 'YYYY-MM-DD') AS date, agent_type AS "agentType",
               SUM(calls)::int AS calls, SUM(leads)::int AS leads, SUM(booked)::int AS booked, SUM(unbooked)::int AS unbooked,
               SUM(excused)::int AS excused, SUM(spam)::int AS spam, SUM(transferred)::int AS transferred,
               SUM(reviewed)::int AS reviewed, SUM(seconds)::float8 AS seconds
        FROM call_analytics_buckets
        WHERE org_id = ${orgId}::uuid AND bucket_start >= ${from} AND bucket_start < ${to}
        GROUP BY 1, 2
        ORDER BY 1, 2`;
      return rows.map((r) => ({ ...r, seconds: Number(r.seconds) }));
    },
    /** Tag counts of unbooked and excused calls in [from, to). */
    async tagCounts(orgId: string, from: Date, to: Date): Promise<{ outcome: string; tag: string; count: number }[]> {
      return db.$queryRaw`
        SELECT outcome, tag, SUM(count)::int AS count
        FROM call_analytics_tag_counts
        WHERE org_id = ${orgId}::uuid AND bucket_start >= ${from} AND bucket_start < ${to}
        GROUP BY outcome, tag
        HAVING SUM(count) > 0
        ORDER BY count DESC, tag`;
    },
  };
}

export type CallAnalyticsRepository = ReturnType<typeof createCallAnalyticsRepository>;
