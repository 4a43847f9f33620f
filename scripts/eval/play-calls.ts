import { createHash } from 'node:crypto';
import { ApplicationFailure } from '@temporalio/activity';
import { Client } from '@temporalio/client';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker, type WorkflowBundleWithSourceMap } from '@temporalio/worker';
import { createInteractionActivities } from '../../activities/interaction/interaction.activities';
import type { FollowUpActivities } from '../../activities/interaction/follow-up.activities';
import type { InteractionHandoffActivities } from '../../activities/notifications/handoff/interaction-handoff.activities';
import type { LanguageEngine } from '../../activities/llm/language-engine.port';
import type { CallDelivery } from '../../domain/call/call-record-merge';
import type { TranscriptTurn } from '../../domain/call/call-record.schema';
import { parseTranscriptLine } from '../../domain/call/transcript';
import type { CallType } from '../../domain/interaction/interaction.schema';
import { workflowIds } from '../../domain/run/workflow-ids';
import type { DomainEvent } from '../../events/catalog';
import { evolveInteraction, INTERACTION_EVENT_TYPES, type InteractionEvent } from '../../events/projections/interactions/interactions.projection';
import type { InteractionDoc } from '../../events/projections/interactions/interactions.repository';
import { createLogger } from '../../lib/logger';
import { callDeliveredSignal } from '../../workflows/interaction/interaction.messages';
import { interactionWorkflow } from '../../workflows/interaction/interaction.workflow';
import type { CallOutcome } from './call-eval-report';
import type { LoadedCall } from './eval-call.schema';

// Plays labelled calls through the interaction workflow with the real interaction activities and the given
// language engine, on a Temporal server the caller started (the time-skipping test server), and reads what
// the pipeline concluded from the events it published, folded as the interactions read model folds them.

export interface PlayOptions {
  env: TestWorkflowEnvironment;
  workflowBundle: WorkflowBundleWithSourceMap;
  engine: LanguageEngine;
  /** Calls in flight at once. */
  concurrency?: number;
  onOutcome?: (outcome: CallOutcome, done: number) => void;
}

/** A name-based UUID (RFC 9562 version 5 layout over SHA-1): events carry UUIDs, the set carries names. */
function uuidFor(name: string): string {
  const h = createHash('sha1').update(`homeagent-eval-calls:${name}`).digest();
  h[6] = (h[6] & 0x0f) | 0x50;
  h[8] = (h[8] & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const orgIdOf = (call: LoadedCall) => uuidFor(`org:${call.org.name}`);
const interactionIdOf = (call: LoadedCall) => uuidFor(`call:${call.id}`);

/** The turns of the call record: each line's words spread over the seconds up to the next line. */
export function transcriptTurns(call: LoadedCall): TranscriptTurn[] {
  const lines = call.transcript.map(([ts, message]) => parseTranscriptLine(message, ts));
  return lines.map((line, i) => {
    const next = lines[i + 1]?.seconds ?? line.seconds + 4;
    const words = line.message.split(/\s+/).filter(Boolean);
    const step = Math.max(0.1, (Math.max(next, line.seconds + 1) - line.seconds) / Math.max(1, words.length));
    return {
      role: line.role,
      content: line.message,
      words: words.map((word, w) => ({ word, start: +(line.seconds + w * step).toFixed(2), end: +(line.seconds + (w + 1) * step).toFixed(2) })),
    };
  });
}

/** The webhook deliveries a platform sends for the call: started, ended, analysed (with its transcript). */
export function callDeliveriesOf(call: LoadedCall): CallDelivery[] {
  const start = Date.parse(call.startedAt);
  const at = (seconds: number) => new Date(start + seconds * 1000).toISOString();
  const ourNumber = '+15125550000';
  const customer = call.customerPhone ?? `+1512555${String(Math.abs(hash(call.id)) % 10000).padStart(4, '0')}`;
  const inbound = call.direction === 'inbound';
  return [
    {
      kind: 'call_started',
      occurredAt: at(0),
      record: {
        status: 'in-progress',
        type: inbound ? 'inboundPhoneCall' : 'outboundPhoneCall',
        direction: call.direction,
        voiceAgentId: `eval-agent-${call.agentType.toLowerCase()}`,
        startedAt: at(0),
        fromNumber: inbound ? customer : ourNumber,
        toNumber: inbound ? ourNumber : customer,
        receiverId: customer,
        metadata: { agent_type: call.agentType },
      },
    },
    {
      kind: 'call_ended',
      occurredAt: at(call.durationSeconds),
      record: { status: 'ended', endedReason: call.endedReason, endedAt: at(call.durationSeconds), durationSeconds: call.durationSeconds },
    },
    { kind: 'call_analyzed', occurredAt: at(call.durationSeconds + 5), record: { transcriptObject: transcriptTurns(call) } },
  ];
}

function hash(text: string): number {
  let h = 0;
  for (const ch of text) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return h;
}

const KNOWN_EVENTS = new Set<string>(INTERACTION_EVENT_TYPES);

/** The interaction as the read model would hold it after these events, plus the reasons and errors. */
export function outcomeFromEvents(call: LoadedCall, events: readonly DomainEvent[]): CallOutcome {
  let doc: InteractionDoc | null = null;
  for (const e of events) if (KNOWN_EVENTS.has(e.type)) doc = evolveInteraction(doc, e as InteractionEvent);
  const reasons: string[] = [];
  const errors: string[] = [];
  for (const e of events) {
    if (e.type === 'InteractionClassified') reasons.push(e.data.reason);
    if (e.type === 'InteractionReclassified') reasons.push(`reclassified ${e.data.from} → ${e.data.to}: ${e.data.reason}`);
    if (e.type === 'InteractionEventRecorded' && e.data.name === 'call_error') errors.push(JSON.stringify(e.data.metadata));
  }
  const classified = events.some((e) => e.type === 'InteractionClassified');
  return {
    id: call.id,
    expected: call.expected,
    callType: classified ? ((doc?.callType as CallType | null) ?? null) : null,
    callStatus: doc?.callStatus ?? null,
    tags: doc?.tags ?? [],
    reason: reasons.join(' | '),
    errors,
  };
}

/** Plays every call and returns one outcome per call, in the order given. */
export async function playCalls(calls: readonly LoadedCall[], options: PlayOptions): Promise<CallOutcome[]> {
  const byInteraction = new Map(calls.map((c) => [interactionIdOf(c), c]));
  const published = new Map<string, DomainEvent[]>();
  const logger = createLogger('eval-calls', process.env.LOG_LEVEL ?? 'silent');

  const interaction = createInteractionActivities({
    engine: options.engine,
    logger,
    events: {
      publish: async (events) => {
        for (const e of events) {
          const list = published.get(e.aggregateId) ?? [];
          // An activity retried after publishing publishes the same event ids again, as Kafka would carry them.
          if (!list.some((seen) => seen.eventId === e.eventId)) list.push(e);
          published.set(e.aggregateId, list);
        }
      },
    },
    context: {
      findOrganization: async (orgId) => {
        const call = calls.find((c) => orgIdOf(c) === orgId);
        return call ? { name: call.org.name, timezone: call.org.timezone, tradesOffered: call.org.trades, customInstructions: null } : null;
      },
      listActions: async (interactionId) => (byInteraction.get(interactionId)?.actions ?? []).map((a, i) => ({ id: `${interactionId}-action-${i + 1}`, ...a })),
    },
  });

  // The notification hand-off reads the interactions read model, which this harness does not run: it is
  // refused at once, and the workflow logs it and finishes (nothing here is about notifications).
  const handoff: InteractionHandoffActivities = {
    describeInteractionForNotification: async () => {
      throw ApplicationFailure.nonRetryable('the evaluation does not notify', 'UnknownOrganization');
    },
  };
  const followUp: Pick<FollowUpActivities, 'followUpInCrm' | 'trackCallOutcome'> = {
    followUpInCrm: async () => ({ jobIds: [] }),
    trackCallOutcome: async () => ({ tracked: 0 }),
  };

  const { env } = options;
  const taskQueue = `eval-calls-${Date.now()}`;
  const worker = await Worker.create({
    connection: env.nativeConnection,
    namespace: env.namespace ?? 'default',
    taskQueue,
    workflowBundle: options.workflowBundle,
    activities: traced({ ...interaction, ...handoff, ...followUp }),
  });

  // The environment's own client locks and unlocks time skipping around every wait for a result, and the
  // test server loses count when many waits overlap: time skipping is unlocked once for the whole run and
  // the runs are driven by a plain client.
  const client = new Client({ connection: env.connection, namespace: env.namespace ?? 'default' });
  const outcomes: CallOutcome[] = new Array(calls.length);
  let next = 0;
  let done = 0;
  const playOne = async (call: LoadedCall): Promise<CallOutcome> => {
    const interactionId = interactionIdOf(call);
    const orgId = orgIdOf(call);
    const [first, ...rest] = callDeliveriesOf(call);
    const deliver = (delivery: CallDelivery) => ({ orgId, providerEvent: delivery.kind, delivery });
    try {
      const handle = await client.workflow.signalWithStart(interactionWorkflow, {
        taskQueue,
        workflowId: `${workflowIds.interaction(call.provider, call.id)}/${taskQueue}`,
        args: [{ meta: { correlationId: `eval-${call.id}` }, orgId, provider: call.provider, providerCallId: call.id, interactionId }],
        signal: callDeliveredSignal,
        signalArgs: [deliver(first)],
        // Skipped time: a step that keeps failing ends the run (reported as an error) instead of the evaluation.
        workflowExecutionTimeout: '1 day',
      });
      for (const delivery of rest) await handle.signal(callDeliveredSignal, deliver(delivery));
      await handle.result();
      return outcomeFromEvents(call, published.get(interactionId) ?? []);
    } catch (err) {
      const outcome = outcomeFromEvents(call, published.get(interactionId) ?? []);
      return { ...outcome, errors: [...outcome.errors, `run failed: ${err instanceof Error ? err.message : String(err)}`] };
    }
  };
  const lane = async () => {
    while (next < calls.length) {
      const i = next;
      next += 1;
      outcomes[i] = await playOne(calls[i]);
      done += 1;
      options.onOutcome?.(outcomes[i], done);
    }
  };
  await env.connection.testService?.unlockTimeSkipping({});
  try {
    await worker.runUntil(Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 8) }, lane)));
  } finally {
    await env.connection.testService?.lockTimeSkipping({});
  }
  return outcomes;
}

function traced<T extends object>(acts: T): T {
  if (!process.env.EVAL_TRACE) return acts;
  return Object.fromEntries(
    Object.entries(acts).map(([name, fn]: [string, (i: unknown) => Promise<unknown>]) => [
      name,
      async (i: unknown) => {
        process.stderr.write(`> ${name}\n`);
        try {
          return await fn(i);
        } catch (err) {
          process.stderr.write(`! ${name}: ${err instanceof Error ? err.message : String(err)}\n`);
          throw err;
        } finally {
          process.stderr.write(`< ${name}\n`);
        }
      },
    ]),
  ) as T;
}
