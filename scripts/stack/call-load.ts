import fs from 'node:fs';
import path from 'node:path';
import { Client as TemporalClient, Connection } from '@temporalio/client';
import { Client } from 'pg';
import type { AppConfig } from '../../config/env';
import { kafkaConnectionOptions, temporalConnectionOptions } from '../../config/cluster-connections';
import { createKafkaBus } from '../../events/bus/kafka-bus';
import { INTERACTION } from '../../events/schemas/interaction.events';
import { createLogger } from '../../lib/logger';
import { sleep, waitFor } from './exec';
import { logIn, startOnboarding } from './http-session';

// What the scripts that drive calls into a running product share (`npm run chaos`, `npm run bench:scale`): Retell's
// call webhooks as the vendor sends them, delivery retried as a vendor retries, an organization onboarded through
// the API, and the audit of what the calls left behind (interactions, domain events in the Kafka log).

const FIXTURES = path.join(__dirname, '../../activities/voice/adapters/retell/fixtures');
const FIXTURE_CALL_ID = 'call_a4441234567890777c4a4a123e6';
const STARTED = fs.readFileSync(path.join(FIXTURES, 'call_started.json'), 'utf8');
const ENDED = fs.readFileSync(path.join(FIXTURES, 'call_ended.json'), 'utf8');

/** Retell's `call_started` and `call_ended` bodies (the recorded fixtures) for another call id. */
export const retellCall = (providerCallId: string) => ({
  started: STARTED.split(FIXTURE_CALL_ID).join(providerCallId),
  ended: ENDED.split(FIXTURE_CALL_ID).join(providerCallId),
});

/** Interaction events a call publishes exactly once; a second one with another event id is a duplicate. */
export const ONCE_PER_CALL = ['CallStarted', 'CallEnded', 'InteractionTranscribed', 'InteractionClassified', 'InteractionSummarized', 'InteractionTagged'];

export const apiUrl = (config: AppConfig) => `http://127.0.0.1:${config.API_PORT}`;

/** Onboards an organization with no CRM as the platform admin and waits until the webhook route knows it. */
export async function onboardOrganization(
  config: AppConfig,
  base: string,
  adminToken: string,
  org: { label: string; name: string },
): Promise<{ orgId: string; cookie: string }> {
  const { workflowId, email, password } = await startOnboarding(base, adminToken, {
    ...org,
    timezone: 'America/Chicago',
    trades: ['HVAC'],
    crm: 'NONE',
  });
  const connection = await Connection.connect(temporalConnectionOptions(config));
  try {
    const client = new TemporalClient({ connection, namespace: config.TEMPORAL_NAMESPACE });
    const { orgId } = (await client.workflow.getHandle(workflowId).result()) as { orgId: string };
    // The organization reaches the read model the webhook checks through the projectors.
    await waitFor(
      'the organization in the read model',
      async () => {
        const pg = new Client({ connectionString: config.databaseUrl });
        await pg.connect();
        try {
          return (await pg.query('SELECT 1 FROM organizations WHERE id = $1', [orgId])).rowCount === 1;
        } finally {
          await pg.end();
        }
      },
      60_000,
    );
    return { orgId, cookie: await logIn(base, email, password) };
  } finally {
    await connection.close();
  }
}

/** Posts one webhook delivery until it is answered 2xx, backing off like a vendor; counts refusals. */
export async function deliver(url: string, body: string, onRefused: () => void, retryBudgetMs: number): Promise<{ ok: boolean; firstTry: boolean }> {
  const started = Date.now();
  for (let attempt = 0; ; attempt += 1) {
    try {
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body, signal: AbortSignal.timeout(15_000) });
      await res.arrayBuffer();
      if (res.status >= 200 && res.status < 300) return { ok: true, firstTry: attempt === 0 };
    } catch {
      /* no answer: refused as well */
    }
    onRefused();
    if (Date.now() - started > retryBudgetMs) return { ok: false, firstTry: false };
    await sleep(Math.min(1000 * 2 ** attempt, 10_000));
  }
}

/** Provider call id → how many interactions the read model holds finished for it (classified or ended for good). */
export async function recordedCalls(databaseUrl: string, orgId: string): Promise<Map<string, number>> {
  const pg = new Client({ connectionString: databaseUrl, connectionTimeoutMillis: 2000 });
  await pg.connect();
  try {
    const { rows } = await pg.query<{ provider_call_id: string; n: number }>(
      `SELECT provider_call_id, count(*)::int AS n FROM interactions
        WHERE org_id = $1 AND call_status NOT IN ('STARTED', 'PROCESSING') GROUP BY provider_call_id`,
      [orgId],
    );
    return new Map(rows.map((r) => [r.provider_call_id, r.n]));
  } finally {
    await pg.end().catch(() => undefined);
  }
}

export interface EventCounts {
  /** interactionId → type → distinct event ids */
  byInteraction: Map<string, Map<string, Set<string>>>;
  /** copies of one event id in the log beyond the first (producer retries; the projectors skip them) */
  repeatedCopies: number;
}

/** Reads the interaction topic from the start and counts, per interaction of `interactionIds`, each type's event ids. */
export async function interactionEvents(config: AppConfig, interactionIds: Set<string>): Promise<EventCounts> {
  const bus = createKafkaBus({
    ...kafkaConnectionOptions(config),
    clientId: 'call-load-audit',
    topicPrefix: config.KAFKA_TOPIC_PREFIX,
    logger: createLogger('call-load', 'warn'),
  });
  const byInteraction = new Map<string, Map<string, Set<string>>>();
  const seen = new Set<string>();
  let repeatedCopies = 0;
  try {
    await bus.replay({
      aggregateTypes: [INTERACTION],
      onEvent: async ({ event }) => {
        const interactionId = (event.data as { interactionId?: string }).interactionId;
        if (!interactionId || !interactionIds.has(interactionId)) return;
        if (seen.has(event.eventId)) repeatedCopies += 1;
        seen.add(event.eventId);
        const types = byInteraction.get(interactionId) ?? new Map<string, Set<string>>();
        byInteraction.set(interactionId, types);
        const ids = types.get(event.type) ?? new Set<string>();
        types.set(event.type, ids.add(event.eventId));
      },
    });
  } finally {
    await bus.close();
  }
  return { byInteraction, repeatedCopies };
}

/** Events of ONCE_PER_CALL an interaction has beyond one each. */
export function duplicateEventsOf(events: EventCounts, interactionId: string): number {
  const types = events.byInteraction.get(interactionId);
  return ONCE_PER_CALL.reduce((m, t) => m + Math.max(0, (types?.get(t)?.size ?? 0) - 1), 0);
}
