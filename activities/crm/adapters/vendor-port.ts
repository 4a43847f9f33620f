import { TRADES } from '../../../domain/organization/organization-settings.schema';
import { CrmError, type CrmPort, type Page, type PageRequest } from '../crm.port';
import { type Appointment, type TechnicianFreeSlot, type TechnicianShift } from '../../../domain/crm/crm-records';

/** Properties that serializers, test matchers and await probe for: they must not look like port methods. */
export const NOT_PORT_METHODS = new Set(['then', 'toJSON', 'toString', 'valueOf', 'constructor', 'inspect', 'asymmetricMatch', 'nodeType', '$$typeof']);

/** Port methods a vendor's API has nothing for, each with the reason a caller is told. */
export type NoEquivalent = Partial<Record<keyof CrmPort, string>>;

/** "listTelecomCalls" → "list telecom calls": how an operation is named to a person. */
export function operationName(method: string): string {
  return method.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
}

/**
 * A vendor adapter implements the part of the CRM port its vendor can answer. Every other method throws
 * CrmError UNSUPPORTED (not retryable), so a caller learns it at once instead of through a retry loop, and
 * a method added to the port later is unsupported until an adapter maps it. The message is shown to the
 * organization's staff (the /crm routes answer it as a 400), so it names the operation and says why.
 */
export function vendorPort(vendor: string, implemented: Partial<CrmPort>, noEquivalent: NoEquivalent = {}): CrmPort {
  return new Proxy(implemented as CrmPort, {
    get(target, property, receiver) {
      if (typeof property !== 'string' || property in target || NOT_PORT_METHODS.has(property)) return Reflect.get(target, property, receiver);
      const reason = noEquivalent[property as keyof CrmPort];
      const why = reason ?? `HomeAgent does not map it to ${vendor}'s API yet`;
      return async () => {
        throw new CrmError('UNSUPPORTED', `This organization's CRM (${vendor}) does not support ${operationName(property)}: ${why}`, false);
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

/**
 * Free stretches of at least durationSeconds per technician inside the windows: working shifts minus
 * time off and non-canceled appointments. For vendors that expose shifts and appointments but no
 * per-technician availability.
 */
export function technicianFreeSlots(input: {
  windows: { from: Date; to: Date }[];
  technicianIds: string[];
  durationSeconds: number;
  earliest?: Date;
  shifts: TechnicianShift[];
  appointments: Appointment[];
}): TechnicianFreeSlot[] {
  const out: TechnicianFreeSlot[] = [];
  const earliest = input.earliest?.getTime() ?? -Infinity;
  for (const window of input.windows) {
    const from = Math.max(window.from.getTime(), earliest);
    const to = window.to.getTime();
    for (const technicianId of input.technicianIds) {
      const mine = input.shifts.filter((s) => s.technicianId === technicianId && s.active);
      const busy = [
        ...mine.filter((s) => s.shiftType === 'TimeOff').map((s) => [s.start.getTime(), s.end.getTime()] as const),
        ...input.appointments
          .filter((a) => a.status !== 'Canceled' && a.technicianIds.includes(technicianId))
          .map((a) => [a.start.getTime(), a.end.getTime()] as const),
      ].sort((a, b) => a[0] - b[0]);
      for (const shift of mine.filter((s) => s.shiftType !== 'TimeOff')) {
        let cursor = Math.max(from, shift.start.getTime());
        const end = Math.min(to, shift.end.getTime());
        const stretches: [number, number][] = [];
        for (const [start, stop] of busy) {
          if (stop <= cursor || start >= end) continue;
          if (start > cursor) stretches.push([cursor, start]);
          cursor = Math.max(cursor, stop);
        }
        if (end > cursor) stretches.push([cursor, end]);
        for (const [start, stop] of stretches) {
          if (stop - start >= input.durationSeconds * 1000) out.push({ start: new Date(start), end: new Date(stop), technicianId });
        }
      }
    }
  }
  return out.sort((a, b) => a.start.getTime() - b.start.getTime() || a.technicianId.localeCompare(b.technicianId));
}

/** One page of a list a vendor answered whole (a vendor API without paging for it): 50 a page unless asked. */
export function pageOf<T>(items: T[], request: PageRequest): Page<T> {
  const page = request.page ?? 1;
  const pageSize = request.pageSize ?? 50;
  return { page, pageSize, hasMore: page * pageSize < items.length, totalCount: items.length, data: items.slice((page - 1) * pageSize, page * pageSize) };
}
