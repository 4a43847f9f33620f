import {
  emptyCallRecord,
  isTerminalStatus,
  type CanonicalCallRecord,
  type PartialCallRecord,
  type TranscriptTurn,
  type VoiceAgentProvider,
} from './call-record.schema';
import { canonicalJson } from '../shared/canonical-json';
import type { WebhookEvent, WebhookEventKind } from './call-event';

/**
 * Folds webhook deliveries (and API reads) of one call into one record. Vendors deliver at least once and
 * in no particular order — call_ended may beat call_started, call_analyzed may come twice — so the fold
 * must give the same record for every order and any number of repeats.
 *
 * Every field is a last-writer-wins register ordered by a total precedence key, which makes the fold
 * commutative, associative and idempotent:
 *   - status: a terminal state beats a live one; then the later `sequence`, then the later `occurredAt`;
 *   - endedReason: a real reason beats `ongoing`; then sequence, occurredAt;
 *   - transcriptObject: the most complete delivery (most turns, then most text, then most word timings);
 *   - metadata, callVariables, dynamicVariables: key by key, later sequence/occurredAt wins;
 *   - everything else: later sequence, then later occurredAt.
 * Remaining ties are broken by the value itself, so two different values never depend on arrival order.
 * Absent and null fields carry no information and never clear a known value.
 */

export type CallDelivery = Pick<WebhookEvent, 'kind' | 'occurredAt' | 'sequence' | 'record'>;

/** Lifecycle order used when a delivery has no vendor sequence. */
const KIND_SEQUENCE: Record<WebhookEventKind, number> = {
  call_started: 10,
  tool_call: 20,
  other: 20,
  call_ended: 30,
  call_analyzed: 40,
};

type Key = readonly [number, number, number, number, number, string];

interface Register<T> {
  value: T;
  key: Key;
}

const MAP_FIELDS = ['metadata', 'callVariables', 'dynamicVariables'] as const;
type MapField = (typeof MAP_FIELDS)[number];
type ScalarField = Exclude<keyof CanonicalCallRecord, MapField | 'transcriptObject' | 'provider' | 'providerCallId'>;

export interface CallRecordState {
  provider: VoiceAgentProvider;
  providerCallId: string;
  scalars: Partial<{ [F in ScalarField]: Register<CanonicalCallRecord[F]> }>;
  maps: { [F in MapField]: Record<string, Register<unknown>> };
  transcript?: Register<TranscriptTurn[]>;
}

function compareKeys(a: Key, b: Key): number {
  for (let i = 0; i < a.length; i += 1) {
    if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  }
  return 0;
}

function timeOf(occurredAt: string): number {
  const ms = Date.parse(occurredAt);
  return Number.isNaN(ms) ? 0 : ms;
}

function precedence(field: ScalarField, value: unknown): number {
  if (field === 'status') return isTerminalStatus(value as CanonicalCallRecord['status']) ? 1 : 0;
  if (field === 'endedReason') return value === 'ongoing' ? 0 : 1;
  return 0;
}

function transcriptCompleteness(turns: readonly TranscriptTurn[]): [number, number, number] {
  let chars = 0;
  let words = 0;
  for (const turn of turns) {
    chars += turn.content.length;
    words += turn.words?.length ?? 0;
  }
  return [turns.length, chars, words];
}

function keep<T>(current: Register<T> | undefined, candidate: Register<T>): Register<T> {
  return current === undefined || compareKeys(candidate.key, current.key) > 0 ? candidate : current;
}

export function emptyCallRecordState(provider: VoiceAgentProvider, providerCallId: string): CallRecordState {
  return { provider, providerCallId, scalars: {}, maps: { metadata: {}, callVariables: {}, dynamicVariables: {} } };
}

/** One step of the fold; does not modify `state`. */
export function foldCallDelivery(state: CallRecordState, delivery: CallDelivery): CallRecordState {
  const record: PartialCallRecord = delivery.record ?? {};
  const sequence = delivery.sequence ?? KIND_SEQUENCE[delivery.kind];
  const time = timeOf(delivery.occurredAt);
  const next: CallRecordState = {
    ...state,
    scalars: { ...state.scalars },
    maps: { metadata: { ...state.maps.metadata }, callVariables: { ...state.maps.callVariables }, dynamicVariables: { ...state.maps.dynamicVariables } },
  };

  for (const [field, value] of Object.entries(record) as [keyof CanonicalCallRecord, unknown][]) {
    if (value === undefined || value === null || field === 'provider' || field === 'providerCallId') continue;
    if (field === 'transcriptObject') {
      const turns = value as TranscriptTurn[];
      if (turns.length === 0) continue;
      const [count, chars, words] = transcriptCompleteness(turns);
      next.transcript = keep(next.transcript, { value: turns, key: [count, chars, words, sequence, time, canonicalJson(turns)] });
    } else if ((MAP_FIELDS as readonly string[]).includes(field)) {
      const map = next.maps[field as MapField];
      for (const [name, entry] of Object.entries(value as Record<string, unknown>)) {
        if (entry === undefined || entry === null) continue;
        map[name] = keep(map[name], { value: entry, key: [0, 0, 0, sequence, time, canonicalJson(entry)] });
      }
    } else {
      const scalar = field as ScalarField;
      const candidate = { value, key: [precedence(scalar, value), 0, 0, sequence, time, canonicalJson(value)] as Key };
      const registers = next.scalars as Record<ScalarField, Register<unknown> | undefined>;
      registers[scalar] = keep(registers[scalar], candidate);
    }
  }
  return next;
}

export function toCallRecord(state: CallRecordState): CanonicalCallRecord {
  const record = emptyCallRecord(state.provider, state.providerCallId) as Record<string, unknown>;
  for (const [field, register] of Object.entries(state.scalars)) {
    if (register) record[field] = register.value;
  }
  for (const field of MAP_FIELDS) {
    record[field] = Object.fromEntries(
      Object.keys(state.maps[field])
        .sort()
        .map((name) => [name, state.maps[field][name].value]),
    );
  }
  if (state.transcript) record.transcriptObject = state.transcript.value;

  const merged = record as CanonicalCallRecord;
  // A live call has not ended yet; an ended call whose vendor never said why ended for some other reason.
  if (!isTerminalStatus(merged.status)) merged.endedReason = 'ongoing';
  else if (merged.endedReason === null || merged.endedReason === 'ongoing') merged.endedReason = 'other';
  return merged;
}

export function mergeCallDeliveries(provider: VoiceAgentProvider, providerCallId: string, deliveries: readonly CallDelivery[]): CanonicalCallRecord {
  return toCallRecord(deliveries.reduce(foldCallDelivery, emptyCallRecordState(provider, providerCallId)));
}
