import type { CrmPort, CrmProvider } from './crm.port';
import type { ArrivalWindow, BusinessUnit, JobType, Technician } from '../../domain/crm/crm-records';

/** The read-mostly lists a live tool call reads on almost every turn (issue 4 item 3). */
export type ReferenceKind = 'businessUnits' | 'jobTypes' | 'technicians' | 'arrivalWindows';
interface ReferenceTypes {
  businessUnits: BusinessUnit;
  jobTypes: JobType;
  technicians: Technician;
  arrivalWindows: ArrivalWindow;
}
export interface ReferenceChanges<K extends ReferenceKind> {
  upserted: ReferenceTypes[K][];
  removedIds: string[];
}

/** An adapter whose vendor can say what changed since an instant (ServiceTitan's modifiedOnOrAfter). */
export interface IncrementalReferenceSource {
  referenceChangesSince<K extends ReferenceKind>(kind: K, since: Date): Promise<ReferenceChanges<K>>;
}

const LIST_METHOD = {
  businessUnits: 'listBusinessUnits',
  jobTypes: 'listJobTypes',
  technicians: 'listTechnicians',
  arrivalWindows: 'listArrivalWindows',
} as const satisfies Record<ReferenceKind, keyof CrmPort>;
const KIND_OF_METHOD = new Map(Object.entries(LIST_METHOD).map(([kind, method]) => [method as string, kind as ReferenceKind]));

export interface CachedCrmOptions {
  clock?: { now(): number };
  /** After this, the next read answers from the cache and refreshes it in the background. */
  refreshAfterMs?: number;
  /** After this, the background refresh reads everything again (drops records a vendor deleted outright). */
  fullRefreshAfterMs?: number;
  /** Changes made this close before a read may be missed by it; the next incremental read overlaps by this much. */
  overlapMs?: number;
  onRefreshError?: (error: unknown, orgId: string, kind: ReferenceKind) => void;
}

interface Entry {
  items: Map<string, { id: string }>;
  fullAt: number;
  refreshedAt: number;
  /** Vendor changes at or after this instant are not in items yet. */
  checkpoint: number;
  refreshing: Promise<void> | null;
}

export interface CachedCrmProvider extends CrmProvider {
  /** Waits for any background refresh of the org (tests, and a settings change that must show at once). */
  settle(orgId: string): Promise<void>;
  invalidate(orgId: string): void;
}

/**
 * A read-mostly cache in front of any CRM adapter: job types, business units, technicians and arrival
 * windows per organization. Only the very first read waits on the CRM; afterwards a read answers from
 * memory and a stale list is refreshed behind it, incrementally when the adapter can. If the CRM is
 * down the last good list keeps answering.
 */
export function createCachedCrm(inner: CrmProvider, options: CachedCrmOptions = {}): CachedCrmProvider {
  const clock = options.clock ?? Date;
  const refreshAfterMs = options.refreshAfterMs ?? 5 * 60_000;
  const fullRefreshAfterMs = options.fullRefreshAfterMs ?? 6 * 3_600_000;
  const overlapMs = options.overlapMs ?? 60_000;
  const orgs = new Map<string, { port: CrmPort; entries: Map<ReferenceKind, Entry>; loading: Map<ReferenceKind, Promise<Entry>> }>();

  function org(orgId: string) {
    let state = orgs.get(orgId);
    if (!state) {
      state = { port: inner.forOrganization(orgId), entries: new Map(), loading: new Map() };
      orgs.set(orgId, state);
    }
    return state;
  }

  async function readAll(port: CrmPort, kind: ReferenceKind): Promise<Map<string, { id: string }>> {
    const list: { id: string }[] = await port[LIST_METHOD[kind]]();
    return new Map(list.map((item) => [item.id, item]));
  }

  function refresh(orgId: string, kind: ReferenceKind, entry: Entry): Promise<void> {
    const { port } = org(orgId);
    const startedAt = clock.now();
    const incremental = 'referenceChangesSince' in port && startedAt - entry.fullAt < fullRefreshAfterMs;
    const work = (async () => {
      try {
        if (incremental) {
          const changes = await (port as CrmPort & IncrementalReferenceSource).referenceChangesSince(kind, new Date(entry.checkpoint));
          for (const id of changes.removedIds) entry.items.delete(id);
          for (const item of changes.upserted as { id: string }[]) entry.items.set(item.id, item);
        } else {
          entry.items = await readAll(port, kind);
          entry.fullAt = startedAt;
        }
        entry.checkpoint = startedAt - overlapMs;
      } catch (error) {
        options.onRefreshError?.(error, orgId, kind);
      } finally {
        entry.refreshedAt = clock.now();
        entry.refreshing = null;
      }
    })();
    entry.refreshing = work;
    return work;
  }

  async function read(orgId: string, kind: ReferenceKind): Promise<unknown[]> {
    const state = org(orgId);
    let entry = state.entries.get(kind);
    if (!entry) {
      let loading = state.loading.get(kind);
      if (!loading) {
        const startedAt = clock.now();
        loading = readAll(state.port, kind)
          .then((items) => {
            const loaded: Entry = { items, fullAt: startedAt, refreshedAt: clock.now(), checkpoint: startedAt - overlapMs, refreshing: null };
            state.entries.set(kind, loaded);
            return loaded;
          })
          .finally(() => state.loading.delete(kind));
        state.loading.set(kind, loading);
      }
      entry = await loading;
    } else if (!entry.refreshing && clock.now() - entry.refreshedAt >= refreshAfterMs) {
      void refresh(orgId, kind, entry);
    }
    return [...entry.items.values()];
  }

  return {
    forOrganization(orgId) {
      const { port } = org(orgId);
      return new Proxy(port, {
        get(target, property, receiver) {
          const kind = typeof property === 'string' ? KIND_OF_METHOD.get(property) : undefined;
          if (kind) return () => read(orgId, kind);
          const value = Reflect.get(target, property, receiver);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
    },
    async settle(orgId) {
      const state = orgs.get(orgId);
      if (!state) return;
      await Promise.all([...state.loading.values()].map((p) => p.catch(() => undefined)));
      await Promise.all([...state.entries.values()].map((e) => e.refreshing));
    },
    invalidate(orgId) {
      orgs.delete(orgId);
    },
  };
}
