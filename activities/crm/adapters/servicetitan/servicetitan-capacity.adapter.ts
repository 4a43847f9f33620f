import { zonedTimeToInstant } from '../../../../domain/time/zoned-time';
import { technicianFreeSlots } from '../vendor-port';
import { numericId } from './servicetitan-ids';
import type { ServiceTitanClient } from './servicetitan-client';
import { StArrivalWindowSchema, StCapacitySchema, StZoneSchema } from './servicetitan.types';
import { type CapacityPlanSlot, type Zone } from '../../../../domain/crm/crm-records';
import { toArrivalWindow } from './servicetitan-mapping';
import { type ServiceTitanContext } from './servicetitan-context';
import { type CrmCapacityPort } from '../../crm.port';

/** The capacity part of the CRM port over ServiceTitan. */
export function serviceTitanCapacity(client: ServiceTitanClient, context: ServiceTitanContext) {
  const { parse, technicianShifts, appointmentsIn } = context;
  return {
    listTechnicianShifts: (range) => technicianShifts(range),

    async listArrivalWindows() {
      return (await client.listAll('dispatch', 'arrival-windows', StArrivalWindowSchema, { active: 'True' })).map(toArrivalWindow);
    },

    async listZones() {
      const rows = await client.listAll('dispatch', 'zones', StZoneSchema, { active: 'True' });
      return rows.map((z): Zone => ({
        id: String(z.id),
        name: z.name ?? '',
        zipcodes: z.zips ?? [],
        businessUnitIds: (z.businessUnits ?? []).map(String),
        technicianIds: (z.technicians ?? []).map(String),
      }));
    },

    async technicianCapacity({ windows, technicianIds, durationSeconds, appointmentStartTime }) {
      if (windows.length === 0 || technicianIds.length === 0) return [];
      const range = { from: new Date(Math.min(...windows.map((w) => w.from.getTime()))), to: new Date(Math.max(...windows.map((w) => w.to.getTime()))) };
      const [shifts, appointments] = await Promise.all([technicianShifts(range), appointmentsIn(range)]);
      return technicianFreeSlots({ windows, technicianIds, durationSeconds, earliest: appointmentStartTime, shifts, appointments });
    },

    async capacityPlanning(query) {
      const raw = await client.write('POST', 'dispatch', 'capacity', {
        startsOnOrAfter: query.startsOnOrAfter.toISOString(),
        endsOnOrBefore: query.endsOnOrBefore.toISOString(),
        businessUnitIds: query.businessUnitIds?.map((id) => numericId(id, 'Business unit')),
        jobTypeId: query.jobTypeId ? numericId(query.jobTypeId, 'Job type') : undefined,
        skillBasedAvailability: query.skillBasedAvailability ?? false,
      });
      // start/end are the tenant's wall clock; newer answers add startUtc/endUtc. Availability is counted as ServiceTitan counts it.
      const instant = (utc: string | null | undefined, local: string) =>
        utc ? new Date(utc) : /(Z|[+-]\d\d:?\d\d)$/.test(local) ? new Date(local) : zonedTimeToInstant(local.slice(0, 10), local.slice(11, 16), query.timeZone);
      return parse(StCapacitySchema, raw, 'capacity').availabilities.map((a): CapacityPlanSlot => {
        const percentageFull = a.totalAvailability <= 0 ? 100 : Math.round(((a.totalAvailability - a.openAvailability) / a.totalAvailability) * 100);
        return {
          start: instant(a.startUtc, a.start),
          end: instant(a.endUtc, a.end),
          businessUnitIds: (a.businessUnitIds ?? []).map(String),
          totalAvailability: a.totalAvailability,
          openAvailability: a.openAvailability,
          technicians: (a.technicians ?? []).map((t) => ({
            id: String(t.id),
            name: t.name ?? '',
            status: t.status === 'Available' ? 'Available' : 'Unavailable',
            ...(t.hasRequiredSkills === null || t.hasRequiredSkills === undefined ? {} : { hasRequiredSkills: t.hasRequiredSkills }),
          })),
          isAvailable: a.isAvailable ?? a.openAvailability > 0,
          isExceedingIdealBookingPercentage: a.isExceedingIdealBookingPercentage ?? false,
          percentageFull,
        };
      });
    },
  } satisfies Partial<CrmCapacityPort>;
}
