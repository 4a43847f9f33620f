import { Client } from 'pg';
import type { Logger } from '../../../lib/logger';
import type { Tx } from '../../../prisma/client';

/**
 * Live calls (issue 13): the interactions projection tells the API processes that a call's row changed, with
 * Postgres NOTIFY sent in the transaction that writes the row, so a listener hears of it only once it is
 * committed (a rolled-back apply sends nothing) and never before the read model can show it.
 */
export const INTERACTION_CHANGES_CHANNEL = 'interaction_changes';

export interface InteractionChange {
  interactionId: string;
  orgId: string;
  callStatus: string;
  ended: boolean;
  /** This change is the call's end (the change that made `ended` true). */
  justEnded: boolean;
}

export async function notifyInteractionChanged(tx: Tx, change: InteractionChange): Promise<void> {
  await tx.$executeRaw`SELECT pg_notify(${INTERACTION_CHANGES_CHANNEL}, ${JSON.stringify(change)})`;
}

/** The changes of a run's calls in one statement (one NOTIFY each, sent in order). */
export async function notifyInteractionsChanged(tx: Tx, changes: InteractionChange[]): Promise<void> {
  if (changes.length === 0) return;
  await tx.$executeRaw`
    SELECT pg_notify(${INTERACTION_CHANGES_CHANNEL}, p.payload)
    FROM unnest(${changes.map((c) => JSON.stringify(c))}::text[]) WITH ORDINALITY AS p(payload, n)
    ORDER BY p.n`;
}

function parseChange(payload: string | undefined): InteractionChange | null {
  try {
    const v = JSON.parse(payload ?? '') as Partial<InteractionChange>;
    if (typeof v.interactionId !== 'string' || typeof v.orgId !== 'string' || typeof v.callStatus !== 'string') return null;
    return { interactionId: v.interactionId, orgId: v.orgId, callStatus: v.callStatus, ended: v.ended === true, justEnded: v.justEnded === true };
  } catch {
    return null;
  }
}

export interface InteractionChangeListener {
  /** Settles once the first LISTEN is in place (changes committed before it are not heard). */
  ready: Promise<void>;
  stop(): Promise<void>;
}

/**
 * Listens on one dedicated connection and reconnects after a failure (1 s, doubling to 30 s). Changes sent
 * while it was away are not replayed: `onResync` tells the listener's subscribers to read afresh instead.
 */
export function listenToInteractionChanges(opts: {
  databaseUrl: string;
  logger: Logger;
  onChange: (change: InteractionChange) => void;
  onResync: () => void;
}): InteractionChangeListener {
  let client: Client | null = null;
  let stopped = false;
  let retryMs = 1000;
  let timer: NodeJS.Timeout | null = null;
  let connectedOnce = false;
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  const scheduleReconnect = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, retryMs);
    retryMs = Math.min(retryMs * 2, 30_000);
  };

  async function connect() {
    const c = new Client({ connectionString: opts.databaseUrl });
    client = c;
    c.on('notification', (msg) => {
      if (msg.channel !== INTERACTION_CHANGES_CHANNEL) return;
      const change = parseChange(msg.payload);
      if (change) opts.onChange(change);
    });
    c.on('error', (err) => {
      opts.logger.warn({ err }, 'interaction changes listener lost its connection');
      void c.end().catch(() => undefined);
    });
    c.on('end', () => {
      if (client === c) client = null;
      scheduleReconnect();
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${INTERACTION_CHANGES_CHANNEL}`);
      retryMs = 1000;
      if (connectedOnce) opts.onResync();
      connectedOnce = true;
      markReady();
    } catch (err) {
      opts.logger.warn({ err }, 'interaction changes listener could not connect');
      await c.end().catch(() => undefined);
      if (client === c) client = null;
      scheduleReconnect();
    }
  }

  void connect();
  return {
    ready,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}
