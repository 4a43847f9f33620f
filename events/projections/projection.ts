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
  /** Empties the projection's tables before a rebuild. */
  reset(tx: Tx): Promise<void>;
}

export interface DocumentStore<S> {
  load(tx: Tx, id: string): Promise<S | null>;
  /** `before` is the state `load` gave (null: none); a caller that did not load it leaves it out. */
  save(tx: Tx, id: string, state: S, before?: S | null): Promise<void>;
  reset(tx: Tx): Promise<void>;
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
      for (const [id, list] of byDocument) await applyToDocument(tx, id, list);
    },
    reset: (tx) => def.store.reset(tx),
  };
}
