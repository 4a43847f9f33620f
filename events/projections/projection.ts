import type { Tx } from '../../prisma/client';
import type { DomainEvent, EventType } from '../catalog';

/** A read model fed by events. `apply` runs inside the transaction that records the event as seen. */
export interface Projection {
  name: string;
  /** Topics (by aggregate type) the projection reads. */
  aggregateTypes: string[];
  handles: readonly EventType[];
  apply(tx: Tx, event: DomainEvent): Promise<void>;
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
  return {
    name: def.name,
    aggregateTypes: def.aggregateTypes,
    handles: def.handles,
    async apply(tx, event) {
      const e = event as E;
      const id = def.documentId(e);
      const current = await def.store.load(tx, id);
      const next = def.evolve(current, e);
      if (next !== null && next !== current) {
        await def.store.save(tx, id, next, current);
        await def.afterSave?.(tx, current, next);
      }
    },
    reset: (tx) => def.store.reset(tx),
  };
}
