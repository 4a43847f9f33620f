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
  async loadFacts(tx: Tx, interactionIds: string[]): Promise<Map<string, CallAnalyticsFact>> {
    const rows = await tx.callAnalyticsCall.findMany({ where: { interactionId: { in: interactionIds } } });
    return new Map(rows.map((row) => [row.interactionId, row]));
  },
  async saveFact(tx: Tx, fact: CallAnalyticsFact): Promise<void> {
    const { interactionId, ...fields } = fact;
    await tx.callAnalyticsCall.upsert({ where: { interactionId }, create: fact, update: fields });
  },
  /** Many calls' facts (each call once) in one statement, in id order (two runs at once lock rows in one order). */
  async saveFacts(tx: Tx, facts: CallAnalyticsFact[]): Promise<void> {
    if (facts.length === 0) return;
    const rows = [...facts]
      .sort((a, b) => (a.interactionId < b.interactionId ? -1 : a.interactionId > b.interactionId ? 1 : 0))
      .map((f) => ({
        interaction_id: f.interactionId,
        org_id: f.orgId,
        bucket_start: f.bucketStart,
        agent_type: f.agentType,
        call_status: f.callStatus,
        ended: f.ended,
        ended_reason: f.endedReason,
        direction: f.direction,
        seconds: f.seconds,
        is_lead: f.isLead,
        reviewed: f.reviewed,
        tags: f.tags,
      }));
    await tx.$executeRaw`
      INSERT INTO call_analytics_calls (interaction_id, org_id, bucket_start, agent_type, call_status, ended, ended_reason, direction, seconds, is_lead, reviewed, tags)
      SELECT interaction_id, org_id, bucket_start, agent_type, call_status, ended, ended_reason, direction, seconds, is_lead, reviewed, tags
      FROM jsonb_populate_recordset(NULL::call_analytics_calls, ${JSON.stringify(rows)}::jsonb)
      ON CONFLICT (interaction_id) DO UPDATE SET
        org_id = EXCLUDED.org_id, bucket_start = EXCLUDED.bucket_start, agent_type = EXCLUDED.agent_type,
        call_status = EXCLUDED.call_status, ended = EXCLUDED.ended, ended_reason = EXCLUDED.ended_reason,
        direction = EXCLUDED.direction, seconds = EXCLUDED.seconds, is_lead = EXCLUDED.is_lead,
        reviewed = EXCLUDED.reviewed, tags = EXCLUDED.tags`;
  },
  /**
   * Moves the rollups by a delta (one call's, or a run's merged by `mergeRollupDeltas`) in one statement per table,
   * and one more when a tag count went down, so it may have reached zero (that row goes).
   */
  async applyDelta(tx: Tx, delta: RollupDelta): Promise<void> {
    const { buckets, tags } = delta;
    if (buckets.length > 0) {
      const c = (k: keyof (typeof buckets)[number]['counters']) => buckets.map((b) => b.counters[k]);
      await tx.$executeRaw`
        INSERT INTO call_analytics_buckets (org_id, bucket_start, agent_type, calls, leads, booked, unbooked, excused, spam, transferred, reviewed, seconds)
        SELECT b.org_id, b.bucket_start, b.agent_type, b.calls, b.leads, b.booked, b.unbooked, b.excused, b.spam, b.transferred, b.reviewed, b.seconds
        FROM unnest(
          ${buckets.map((b) => b.orgId)}::uuid[], ${buckets.map((b) => b.bucketStart.toISOString())}::text[]::timestamptz[],
          ${buckets.map((b) => b.agentType)}::text[], ${c('calls')}::int[], ${c('leads')}::int[], ${c('booked')}::int[],
          ${c('unbooked')}::int[], ${c('excused')}::int[], ${c('spam')}::int[], ${c('transferred')}::int[], ${c('reviewed')}::int[],
          ${c('seconds')}::float8[]
        ) WITH ORDINALITY AS b(org_id, bucket_start, agent_type, calls, leads, booked, unbooked, excused, spam, transferred, reviewed, seconds, n)
        ORDER BY b.n
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
    if (tags.length === 0) return;
    await tx.$executeRaw`
      INSERT INTO call_analytics_tag_counts (org_id, bucket_start, outcome, tag, count)
      SELECT t.org_id, t.bucket_start, t.outcome, t.tag, t.delta
      FROM unnest(
        ${tags.map((t) => t.orgId)}::uuid[], ${tags.map((t) => t.bucketStart.toISOString())}::text[]::timestamptz[],
        ${tags.map((t) => t.outcome)}::text[], ${tags.map((t) => t.tag)}::text[], ${tags.map((t) => t.delta)}::int[]
      ) WITH ORDINALITY AS t(org_id, bucket_start, outcome, tag, delta, n)
      ORDER BY t.n
      ON CONFLICT (org_id, bucket_start, outcome, tag) DO UPDATE SET count = call_analytics_tag_counts.count + EXCLUDED.count`;
    // Only a decrement can bring a count to zero; those rows go (by their keys, not by scanning the table).
    const decremented = tags.filter((t) => t.decremented ?? t.delta < 0);
    if (decremented.length === 0) return;
    await tx.$executeRaw`
      DELETE FROM call_analytics_tag_counts c
      USING unnest(
        ${decremented.map((t) => t.orgId)}::uuid[], ${decremented.map((t) => t.bucketStart.toISOString())}::text[]::timestamptz[],
        ${decremented.map((t) => t.outcome)}::text[], ${decremented.map((t) => t.tag)}::text[]
      ) AS t(org_id, bucket_start, outcome, tag)
      WHERE c.org_id = t.org_id AND c.bucket_start = t.bucket_start AND c.outcome = t.outcome AND c.tag = t.tag AND c.count <= 0`;
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
