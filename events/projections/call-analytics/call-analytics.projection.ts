import type { Tx } from '../../../prisma/client';
import type { CallCounters } from '../../../domain/analytics/call-analytics';
import type { DomainEvent } from '../../catalog';
import { INTERACTION } from '../../schemas/interaction.events';
import { INTERACTION_EVENT_TYPES, statusWhenEnded, type InteractionEvent } from '../interactions/interactions.projection';
import type { Projection } from '../projection';
import { callAnalyticsStore, type CallAnalyticsFact } from './call-analytics.repository';

export const CALL_ANALYTICS_PROJECTION = 'call-analytics';

const HANDLED = [
  'CallStarted',
  'CallEnded',
  'CustomerIdentified',
  'InteractionClassified',
  'InteractionTagged',
  'VoicemailDetected',
  'InteractionReclassified',
  'InteractionReviewed',
] as const satisfies readonly (typeof INTERACTION_EVENT_TYPES)[number][];

type CallAnalyticsEvent = Extract<InteractionEvent, { type: (typeof HANDLED)[number] }>;

const BUCKET_MS = 15 * 60_000;

/**
 * The rollup bucket of a call: its start floored to the quarter hour. Quarter hours are whole parts of a day in
 * every time zone (Newfoundland is UTC−3:30), so a day in the organization's zone, whatever it is at query
 * time, is an exact sum of buckets.
 */
export const bucketOf = (instant: Date) => new Date(Math.floor(instant.getTime() / BUCKET_MS) * BUCKET_MS);

const isSpam = (tags: string[], endedReason: string | null) => endedReason === 'marked_as_spam' || tags.some((t) => t.toLowerCase() === 'spam');

/** The one call's analytics fact after the event; pure, so a redelivered event yields the same fact. */
export function evolveCallAnalytics(state: CallAnalyticsFact | null, event: CallAnalyticsEvent): CallAnalyticsFact | null {
  if (event.type === 'CallStarted') {
    if (state) return state;
    const d = event.data;
    return {
      interactionId: d.interactionId,
      orgId: d.orgId,
      bucketStart: bucketOf(new Date(d.startedAt ?? event.occurredAt)),
      agentType: d.agentType ?? 'UNKNOWN',
      callStatus: 'STARTED',
      ended: false,
      endedReason: null,
      direction: d.direction,
      seconds: 0,
      isLead: false,
      tags: [],
      reviewed: false,
    };
  }
  if (!state) return null; // CallStarted always comes first: an interaction's events share a partition
  switch (event.type) {
    case 'CallEnded': {
      const r = event.data.record;
      return {
        ...state,
        ended: true,
        callStatus: state.callStatus === 'STARTED' || state.callStatus === 'PROCESSING' ? statusWhenEnded(event) : state.callStatus,
        bucketStart: r.startedAt ? bucketOf(new Date(r.startedAt)) : state.bucketStart,
        endedReason: r.endedReason,
        direction: state.direction ?? r.direction,
        seconds: r.durationSeconds ?? 0,
      };
    }
    case 'CustomerIdentified':
      return { ...state, isLead: event.data.isLead };
    case 'InteractionClassified':
      return { ...state, callStatus: event.data.callStatus };
    case 'InteractionTagged':
      return { ...state, tags: [...event.data.tags].sort() };
    case 'VoicemailDetected':
      return event.data.reachedVoicemail && state.direction === 'outbound' ? { ...state, callStatus: 'VOICEMAIL' } : state;
    case 'InteractionReclassified':
      return { ...state, callStatus: event.data.to, tags: [...new Set([...state.tags, ...event.data.tags])].sort() };
    case 'InteractionReviewed':
      return { ...state, reviewed: event.data.reviewedAt !== null };
  }
}

export interface CallContribution {
  orgId: string;
  bucketStart: Date;
  agentType: string;
  counters: CallCounters;
  /** Tags of an unbooked or excused call, under its outcome. */
  tags: { outcome: 'UNBOOKED' | 'EXCUSED'; tag: string }[];
}

/** What a call adds to the rollups; nothing while it is live (it has no outcome or length yet). */
export function contributionOf(fact: CallAnalyticsFact | null): CallContribution | null {
  if (!fact || !fact.ended) return null;
  const s = fact.callStatus;
  const outcome = s === 'UNBOOKED' || s === 'EXCUSED' ? s : null;
  return {
    orgId: fact.orgId,
    bucketStart: fact.bucketStart,
    agentType: fact.agentType,
    counters: {
      calls: 1,
      leads: fact.isLead ? 1 : 0,
      booked: s === 'BOOKED' ? 1 : 0,
      unbooked: s === 'UNBOOKED' ? 1 : 0,
      excused: s === 'EXCUSED' ? 1 : 0,
      spam: isSpam(fact.tags, fact.endedReason) ? 1 : 0,
      transferred: s === 'TRANSFERRED' || fact.endedReason === 'transferred' ? 1 : 0,
      reviewed: fact.reviewed ? 1 : 0,
      seconds: fact.seconds,
    },
    tags: outcome ? fact.tags.map((tag) => ({ outcome, tag })) : [],
  };
}

export interface RollupDelta {
  buckets: { orgId: string; bucketStart: Date; agentType: string; counters: CallCounters }[];
  /** `decremented`: some step of a merged delta took one off (its row may have reached zero); else `delta < 0`. */
  tags: { orgId: string; bucketStart: Date; outcome: string; tag: string; delta: number; decremented?: boolean }[];
}

const bucketKey = (c: { orgId: string; bucketStart: Date; agentType: string }) => `${c.orgId}|${c.bucketStart.toISOString()}|${c.agentType}`;
const COUNTERS = ['calls', 'leads', 'booked', 'unbooked', 'excused', 'spam', 'transferred', 'reviewed', 'seconds'] as const;

/** The change to the rollups when a call's fact goes from `before` to `after`: its old contribution out, its new one in. */
export function rollupDelta(before: CallAnalyticsFact | null, after: CallAnalyticsFact | null): RollupDelta {
  const buckets = new Map<string, RollupDelta['buckets'][number]>();
  const tags = new Map<string, RollupDelta['tags'][number]>();
  for (const [sign, c] of [
    [-1, contributionOf(before)],
    [1, contributionOf(after)],
  ] as const) {
    if (!c) continue;
    const key = bucketKey(c);
    const entry = buckets.get(key) ?? { orgId: c.orgId, bucketStart: c.bucketStart, agentType: c.agentType, counters: zeroCounters() };
    for (const k of COUNTERS) entry.counters[k] += sign * c.counters[k];
    buckets.set(key, entry);
    for (const t of c.tags) {
      const tk = `${key}|${t.outcome}|${t.tag}`;
      const e = tags.get(tk) ?? { orgId: c.orgId, bucketStart: c.bucketStart, outcome: t.outcome, tag: t.tag, delta: 0 };
      e.delta += sign;
      tags.set(tk, e);
    }
  }
  return {
    buckets: [...buckets.values()].filter((b) => COUNTERS.some((k) => b.counters[k] !== 0)),
    tags: [...tags.values()].filter((t) => t.delta !== 0),
  };
}

/**
 * Many calls' deltas as one, each bucket and tag key once (a statement cannot change a row twice) and in key order, so
 * two runs moving the same rows at once lock them in one order. A key any call moved stays in, even at a net zero: one
 * by one, its bucket row would have been written too.
 */
export function mergeRollupDeltas(deltas: RollupDelta[]): RollupDelta {
  const buckets = new Map<string, RollupDelta['buckets'][number]>();
  const tags = new Map<string, RollupDelta['tags'][number]>();
  for (const d of deltas) {
    for (const b of d.buckets) {
      const key = bucketKey(b);
      const entry = buckets.get(key) ?? { orgId: b.orgId, bucketStart: b.bucketStart, agentType: b.agentType, counters: zeroCounters() };
      for (const k of COUNTERS) entry.counters[k] += b.counters[k];
      buckets.set(key, entry);
    }
    for (const t of d.tags) {
      const key = `${t.orgId}|${t.bucketStart.toISOString()}|${t.outcome}|${t.tag}`;
      const entry = tags.get(key) ?? { orgId: t.orgId, bucketStart: t.bucketStart, outcome: t.outcome, tag: t.tag, delta: 0, decremented: false };
      entry.delta += t.delta;
      entry.decremented ||= t.decremented ?? t.delta < 0;
      tags.set(key, entry);
    }
  }
  const inKeyOrder = <T>(m: Map<string, T>) => [...m.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);
  return { buckets: inKeyOrder(buckets), tags: inKeyOrder(tags) };
}

export const zeroCounters = (): CallCounters => ({
  calls: 0,
  leads: 0,
  booked: 0,
  unbooked: 0,
  excused: 0,
  spam: 0,
  transferred: 0,
  reviewed: 0,
  seconds: 0,
});

const sameFact = (a: CallAnalyticsFact | null, b: CallAnalyticsFact | null) => a !== null && b !== null && JSON.stringify(a) === JSON.stringify(b);

/** The call's fact after its events, or null when they change nothing. */
function foldCall(before: CallAnalyticsFact | null, events: CallAnalyticsEvent[]): CallAnalyticsFact | null {
  let after = before;
  for (const e of events) after = evolveCallAnalytics(after, e) ?? after;
  return after === null || after === before || sameFact(before, after) ? null : after;
}

async function applyToCall(tx: Tx, interactionId: string, events: CallAnalyticsEvent[]) {
  const before = await callAnalyticsStore.loadFact(tx, interactionId);
  const after = foldCall(before, events);
  if (after === null) return;
  await callAnalyticsStore.saveFact(tx, after);
  // In key order, as a run's: a run and an event applied at once lock the rows they share in one order.
  await callAnalyticsStore.applyDelta(tx, mergeRollupDeltas([rollupDelta(before, after)]));
}

/**
 * Per-organization call analytics (001 §2.8): a fact per call and quarter-hour rollups summed from the facts, so
 * the analytics routes read rollup rows for the range instead of every interaction. The rollups move by the
 * difference between a call's old and new fact, which keeps them right through reclassifications and retagging.
 */
export const callAnalyticsProjection: Projection = {
  name: CALL_ANALYTICS_PROJECTION,
  aggregateTypes: [INTERACTION],
  handles: HANDLED,
  // The facts are each one call's (its partition key's); the rollups partitions share are moved in key order.
  concurrentRuns: true,
  apply: (tx: Tx, event: DomainEvent) => applyToCall(tx, (event as CallAnalyticsEvent).data.interactionId, [event as CallAnalyticsEvent]),
  // A run's events of one call fold into one fact change and one rollup move: the delta from the first fact to the
  // last is the sum of the steps' deltas. The run's calls are read in one statement and written in one per table.
  async applyRun(tx: Tx, events: DomainEvent[]) {
    const byCall = new Map<string, CallAnalyticsEvent[]>();
    for (const event of events) {
      const e = event as CallAnalyticsEvent;
      const list = byCall.get(e.data.interactionId);
      if (list) list.push(e);
      else byCall.set(e.data.interactionId, [e]);
    }
    const stored = await callAnalyticsStore.loadFacts(tx, [...byCall.keys()]);
    const facts: CallAnalyticsFact[] = [];
    const deltas: RollupDelta[] = [];
    for (const [interactionId, list] of byCall) {
      const before = stored.get(interactionId) ?? null;
      const after = foldCall(before, list);
      if (after === null) continue;
      facts.push(after);
      deltas.push(rollupDelta(before, after));
    }
    await callAnalyticsStore.saveFacts(tx, facts);
    await callAnalyticsStore.applyDelta(tx, mergeRollupDeltas(deltas));
  },
  reset: (tx) => callAnalyticsStore.reset(tx),
};
