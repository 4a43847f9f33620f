import { TRADES } from '../../../lib/domain';
import { CrmError, type CrmPort } from '../crm.port';

/** Properties that serializers, test matchers and await probe for: they must not look like port methods. */
const NOT_PORT_METHODS = new Set(['then', 'toJSON', 'toString', 'valueOf', 'constructor', 'inspect', 'asymmetricMatch', 'nodeType', '$$typeof']);

/**
 * A vendor adapter implements the part of the CRM port its vendor can answer. Every other method throws
 * CrmError UNSUPPORTED (not retryable), so a caller learns it at once instead of through a retry loop, and
 * a method added to the port later is unsupported until an adapter maps it.
 */
export function vendorPort(vendor: string, implemented: Partial<CrmPort>, noEquivalent: readonly (keyof CrmPort)[] = []): CrmPort {
  return new Proxy(implemented as CrmPort, {
    get(target, property, receiver) {
      if (typeof property !== 'string' || property in target || NOT_PORT_METHODS.has(property)) return Reflect.get(target, property, receiver);
      const why = noEquivalent.includes(property as keyof CrmPort) ? 'has no equivalent of' : 'adapter does not support';
      return async () => {
        throw new CrmError('UNSUPPORTED', `${vendor} ${why} ${property}`, false);
      };
    },
  });
}

/** Vendors' business units carry no trade: it is read from the name ("Plumbing Service" → Plumbing), or ''. */
export function tradeFromName(name: string): string {
  const lower = name.toLowerCase();
  return TRADES.find((trade) => lower.includes(trade.replace('_', ' ').toLowerCase())) ?? '';
}

const PRIORITY_RANK: Record<string, number> = { low: 1, normal: 2, high: 3, urgent: 4 };
/** Job-type priority as the port ranks it (Low 1 … Urgent 4). */
export function priorityRank(priority: string | null | undefined): number | undefined {
  return priority ? PRIORITY_RANK[priority.toLowerCase()] : undefined;
}
