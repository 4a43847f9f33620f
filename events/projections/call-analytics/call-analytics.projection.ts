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
  tags: { orgId: string; bucketStart: Date; outcome: string; tag: string; delta: number }[];
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

async function applyToCall(tx: Tx, interactionId: string, events: CallAnalyticsEvent[]) {
  const before = await callAnalyticsStore.loadFact(tx, interactionId);
  let after = before;
  for (const e of events) after = evolveCallAnalytics(after, e) ?? after;
  if (after === null || after === before || sameFact(before, after)) return;
  await callAnalyticsStore.saveFact(tx, after);
  await callAnalyticsStore.applyDelta(tx, rollupDelta(before, after));
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
  apply: (tx: Tx, event: DomainEvent) => applyToCall(tx, (event as CallAnalyticsEvent).data.interactionId, [event as CallAnalyticsEvent]),
  // A run's events of one call fold into one fact change and one rollup move: the delta from the first fact to the
  // last is the sum of the steps' deltas.
  async applyRun(tx: Tx, events: DomainEvent[]) {
    const byCall = new Map<string, CallAnalyticsEvent[]>();
    for (const event of events) {
      const e = event as CallAnalyticsEvent;
      const list = byCall.get(e.data.interactionId);
      if (list) list.push(e);
      else byCall.set(e.data.interactionId, [e]);
    }
    for (const [interactionId, list] of byCall) await applyToCall(tx, interactionId, list);
  },
  reset: (tx) => callAnalyticsStore.reset(tx),
};
