import type { Tx } from '../../prisma/client';
import type { DomainEvent, EventType } from '../catalog';

/** A read model fed by events. `apply` runs inside the transaction that records the event as seen. */
export interface Projection {
  name: string;
  /** Topics (by aggregate type) the projection reads. */
  aggregateTypes: string[];
  handles: readonly EventType[];
  apply(tx: Tx, event: DomainEvent): Promise<void>;
  /**
   * Applies a run of events (log order, each unseen) as `apply` would one by one, with fewer round trips; optional.
   * The projector calls it for the runs it takes from the log.
   */
  applyRun?(tx: Tx, events: DomainEvent[]): Promise<void>;
  /**
   * Runs of different partitions may be applied at once (`runProjectors`' `concurrentPartitions`): the projection's
   * rows are each one partition key's, or the rows partitions share are written in key order, so two such runs
   * cannot deadlock. Without it, a projector applies one partition's run at a time.
   */
  concurrentRuns?: boolean;
  /**
   * A read model of chats only, whose documents only these event types create: the projector passes over the events
   * of an interaction it saw start as a call (its CallStarted) without a transaction (see `callEventsPassedOver`).
   */
  chatsStartedBy?: readonly EventType[];
  /** Empties the projection's tables before a rebuild. */
  reset(tx: Tx): Promise<void>;
}

export interface DocumentStore<S> {
  load(tx: Tx, id: string): Promise<S | null>;
  /** `before` is the state `load` gave (null: none); a caller that did not load it leaves it out. */
  save(tx: Tx, id: string, state: S, before?: S | null): Promise<void>;
  reset(tx: Tx): Promise<void>;
  /** The stored documents of these ids (the absent ones left out), in one round trip; optional. */
  loadMany?(tx: Tx, ids: string[]): Promise<Map<string, S>>;
  /**
   * Writes these documents (each id once, `before` as `loadMany` gave it) in a few statements, however many; optional
   * (without it, a run's changed documents are saved one by one).
   */
  saveMany?(tx: Tx, changes: DocumentChange<S>[]): Promise<void>;
}

export interface DocumentChange<S> {
  id: string;
  before: S | null;
  after: S;
}

/**
 * A projection whose logic is a pure `evolve(state, event)` over one document per id; the store
 * does the I/O. Keeping evolve pure makes each read model's rules testable without a database.
 */
export function documentProjection<S, E extends DomainEvent>(def: {
  name: string;
  aggregateTypes: string[];
  handles: readonly E['type'][];
  documentId: (event: E) => string;
  evolve: (state: S | null, event: E) => S | null;
  store: DocumentStore<S>;
  /** Runs in the same transaction after a changed document is saved (the interactions projection's NOTIFY). */
  afterSave?: (tx: Tx, before: S | null, after: S) => Promise<void>;
  /** As `afterSave`, for the documents a run changed at once (one statement instead of one each); optional. */
  afterSaveMany?: (tx: Tx, changes: DocumentChange<S>[]) => Promise<void>;
  /** See `Projection.concurrentRuns`. */
  concurrentRuns?: boolean;
  /** See `Projection.chatsStartedBy`. */
  chatsStartedBy?: readonly E['type'][];
}): Projection {
  /** Folds one document's events, in order, over its stored state: one load and at most one save. */
  async function applyToDocument(tx: Tx, id: string, events: E[]) {
    const current = await def.store.load(tx, id);
    let next: S | null = current;
    for (const e of events) next = def.evolve(next, e) ?? next;
    if (next !== null && next !== current) {
      await def.store.save(tx, id, next, current);
      await def.afterSave?.(tx, current, next);
    }
  }
  return {
    name: def.name,
    aggregateTypes: def.aggregateTypes,
    handles: def.handles,
    concurrentRuns: def.concurrentRuns,
    chatsStartedBy: def.chatsStartedBy,
    apply: (tx, event) => applyToDocument(tx, def.documentId(event as E), [event as E]),
    // A run holding several events of one document (a call's started, ended, classified… read from a backlog) reads
    // and writes it once: the same result as one by one, since evolve is pure and each document's events keep their order.
    async applyRun(tx, events) {
      const byDocument = new Map<string, E[]>();
      for (const event of events) {
        const e = event as E;
        const id = def.documentId(e);
        const list = byDocument.get(id);
        if (list) list.push(e);
        else byDocument.set(id, [e]);
      }
      const store = def.store;
      if (!store.loadMany) {
        for (const [id, list] of byDocument) await applyToDocument(tx, id, list);
        return;
      }
      // With a store that reads (and writes) many documents at once, the run costs one read (and one write) whatever
      // the number of documents it touches (issue 16), instead of a read and a write each.
      const stored = await store.loadMany(tx, [...byDocument.keys()]);
      const changes: DocumentChange<S>[] = [];
      for (const [id, list] of byDocument) {
        const before = stored.get(id) ?? null;
        let next: S | null = before;
        for (const e of list) next = def.evolve(next, e) ?? next;
        if (next !== null && next !== before) changes.push({ id, before, after: next });
      }
      if (changes.length === 0) return;
      if (store.saveMany) await store.saveMany(tx, changes);
      else for (const c of changes) await store.save(tx, c.id, c.after, c.before);
      if (def.afterSaveMany) await def.afterSaveMany(tx, changes);
      else if (def.afterSave) for (const c of changes) await def.afterSave(tx, c.before, c.after);
    },
    reset: (tx) => def.store.reset(tx),
  };
}
