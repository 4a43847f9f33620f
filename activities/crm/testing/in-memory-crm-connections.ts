import type { CrmConnection } from '../../../domain/crm/crm-config.schema';
import type { CrmConnectionStore } from '../crm-connection.repository';

/** crm_connections in memory, for tests that have no database; `reads` counts lookups by org. */
export function inMemoryCrmConnections(initial: Record<string, CrmConnection> = {}): CrmConnectionStore & { reads: number } {
  const byOrg = new Map(Object.entries(initial));
  const staged = new Map<string, CrmConnection>();
  let reads = 0;
  return {
    get reads() {
      return reads;
    },
    async find(orgId) {
      reads += 1;
      return byOrg.get(orgId) ?? null;
    },
    async save(orgId, connection) {
      byOrg.set(orgId, connection);
    },
    async stage(slug, connection) {
      staged.set(slug, connection);
    },
    async discardStaged(slug) {
      staged.delete(slug);
    },
    async findStaged(slug) {
      return staged.get(slug) ?? null;
    },
    async attach(slug, orgId) {
      const connection = staged.get(slug);
      if (connection) {
        byOrg.set(orgId, connection);
        staged.delete(slug);
      }
      return byOrg.has(orgId);
    },
  };
}
