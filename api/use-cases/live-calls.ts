import type { InteractionChanged } from '../../domain/contracts/calls.contract';
import { listenToInteractionChanges } from '../../events/projections/interactions/interaction-changes';
import type { Logger } from '../../lib/logger';

/** What a subscriber is sent: a call that changed, or "read afresh" after changes may have been missed. */
export type LiveCallsMessage = { type: 'interaction'; change: InteractionChanged } | { type: 'resync' };

export interface LiveCallsSubscription {
  unsubscribe(): void;
}

export interface LiveCallsHub {
  /**
   * A browser tab's stream of its organization's call changes; null when the process holds its maximum of
   * streams. A user's oldest stream is closed (`close`) when they open one more than their maximum.
   */
  subscribe(sub: { orgId: string; userId: string; send: (m: LiveCallsMessage) => void; close: () => void }): LiveCallsSubscription | null;
  publish(change: InteractionChanged): void;
  /** Tells every subscriber to read afresh (the change feed reconnected and may have missed some). */
  resync(): void;
  /** Open streams, and organizations with changes waiting to be sent (both bounded). */
  stats(): { subscribers: number; pendingOrgs: number };
  close(): void;
}

interface Subscriber {
  orgId: string;
  userId: string;
  send: (m: LiveCallsMessage) => void;
  close: () => void;
}

/**
 * Live calls (issue 13): fans the interactions read model's changes out to the open dashboards of their
 * organization. Bounded so a soak cannot grow it: at most `maxSubscribers` streams per process and
 * `maxPerUser` per user; changes to one org within `coalesceMs` go out together, the latest per call, and a
 * flood of more than `maxPendingPerOrg` calls becomes one resync.
 */
export function createLiveCallsHub(opts: { maxSubscribers?: number; maxPerUser?: number; coalesceMs?: number; maxPendingPerOrg?: number } = {}): LiveCallsHub {
  const maxSubscribers = opts.maxSubscribers ?? 1000;
  const maxPerUser = opts.maxPerUser ?? 8;
  const coalesceMs = opts.coalesceMs ?? 100;
  const maxPendingPerOrg = opts.maxPendingPerOrg ?? 100;
  const byOrg = new Map<string, Set<Subscriber>>();
  const byUser = new Map<string, Subscriber[]>();
  let total = 0;
  const pending = new Map<string, { changes: Map<string, InteractionChanged>; overflow: boolean; timer: NodeJS.Timeout }>();

  const deliver = (s: Subscriber, m: LiveCallsMessage) => {
    try {
      s.send(m);
    } catch {
      remove(s);
      s.close();
    }
  };

  function remove(s: Subscriber) {
    const set = byOrg.get(s.orgId);
    if (!set?.delete(s)) return;
    total--;
    if (set.size === 0) byOrg.delete(s.orgId);
    const mine = (byUser.get(s.userId) ?? []).filter((x) => x !== s);
    if (mine.length === 0) byUser.delete(s.userId);
    else byUser.set(s.userId, mine);
  }

  function flush(orgId: string) {
    const batch = pending.get(orgId);
    pending.delete(orgId);
    const subscribers = byOrg.get(orgId);
    if (!batch || !subscribers) return;
    for (const s of [...subscribers]) {
      if (batch.overflow) deliver(s, { type: 'resync' });
      else for (const change of batch.changes.values()) deliver(s, { type: 'interaction', change });
    }
  }

  return {
    subscribe({ orgId, userId, send, close }) {
      const mine = byUser.get(userId) ?? [];
      if (mine.length >= maxPerUser) {
        const oldest = mine[0];
        remove(oldest);
        oldest.close();
      } else if (total >= maxSubscribers) return null;
      const s: Subscriber = { orgId, userId, send, close };
      let set = byOrg.get(orgId);
      if (!set) byOrg.set(orgId, (set = new Set()));
      set.add(s);
      byUser.set(userId, [...(byUser.get(userId) ?? []), s]);
      total++;
      return { unsubscribe: () => remove(s) };
    },
    publish(change) {
      // Nobody of the org is watching: nothing is kept.
      if (!byOrg.has(change.orgId)) return;
      let batch = pending.get(change.orgId);
      if (!batch) {
        batch = { changes: new Map(), overflow: false, timer: setTimeout(() => flush(change.orgId), coalesceMs) };
        pending.set(change.orgId, batch);
      }
      if (batch.overflow) return;
      // The latest change of a call wins, but a call that ended within the batch still says it just ended.
      const earlier = batch.changes.get(change.interactionId);
      batch.changes.set(change.interactionId, earlier?.justEnded ? { ...change, justEnded: true } : change);
      if (batch.changes.size > maxPendingPerOrg) {
        batch.overflow = true;
        batch.changes.clear();
      }
    },
    resync() {
      for (const set of byOrg.values()) for (const s of [...set]) deliver(s, { type: 'resync' });
    },
    stats: () => ({ subscribers: total, pendingOrgs: pending.size }),
    close() {
      for (const batch of pending.values()) clearTimeout(batch.timer);
      pending.clear();
      for (const set of [...byOrg.values()])
        for (const s of [...set]) {
          remove(s);
          s.close();
        }
    },
  };
}

/** The hub fed by the interactions projection's notifications (one listening connection per API process). */
export function startLiveCalls(opts: { databaseUrl: string; logger: Logger }): { hub: LiveCallsHub; ready: Promise<void>; stop(): Promise<void> } {
  const hub = createLiveCallsHub();
  const listener = listenToInteractionChanges({ databaseUrl: opts.databaseUrl, logger: opts.logger, onChange: hub.publish, onResync: hub.resync });
  return {
    hub,
    ready: listener.ready,
    async stop() {
      hub.close();
      await listener.stop();
    },
  };
}
