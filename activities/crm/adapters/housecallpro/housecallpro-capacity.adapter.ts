import type { HousecallProClient } from './housecallpro-client';
import { HcpScheduleAvailabilitySchema, HcpServiceZoneSchema } from './housecallpro.types';
import { type ArrivalWindow } from '../../../../domain/crm/crm-records';
import { parse, wallClock, minutesOf, hhmm } from './housecallpro-mapping';
import { type CrmCapacityPort } from '../../crm.port';

/** The capacity part of the CRM port over Housecall Pro. */
export function housecallProCapacity(client: HousecallProClient) {
  return {
    async listArrivalWindows() {
      // The company's bookable windows per weekday; the port's windows have no weekday, so each distinct one is listed once.
      const raw = await client.send('GET', 'company/schedule_availability');
      const days = raw === null ? [] : (parse(HcpScheduleAvailabilitySchema, raw, 'schedule availability').daily_availabilities?.data ?? []);
      const windows = new Map<string, ArrivalWindow>();
      for (const w of days.flatMap((d) => d.schedule_windows ?? [])) {
        const [start, end] = [wallClock(w.start_time), wallClock(w.end_time)];
        if (!start || !end || minutesOf(end) <= minutesOf(start)) continue;
        windows.set(`${start}-${end}`, { id: `${start}-${end}`, start, duration: hhmm(minutesOf(end) - minutesOf(start)), businessUnitIds: [], active: true });
      }
      return [...windows.values()].sort((a, b) => a.start.localeCompare(b.start) || a.duration.localeCompare(b.duration));
    },

    async listZones() {
      const zones = await client.listAll('service_zones', 'service_zones', HcpServiceZoneSchema);
      return zones.map((z) => ({
        id: z.id,
        name: z.name ?? '',
        zipcodes: z.zip_codes ?? [],
        businessUnitIds: [],
        technicianIds: (z.service_pros ?? []).map((p) => p.id),
      }));
    },
  } satisfies Partial<CrmCapacityPort>;
}
