import type { Db } from '../../../../prisma/client';
import { addDays } from '../../../../domain/time/calendar';
import { toZonedParts, zonedTimeToInstant } from '../../../../domain/time/zoned-time';
import { CrmError } from '../../crm.port';
import { type SandboxTechnicianData } from './sandbox-seed';
import { type ArrivalWindow, type JobType, type Zone, type CapacityPlanSlot, type TechnicianFreeSlot } from '../../../../domain/crm/crm-records';
import { HOUR_MS, toAppointment, expandWeeklyShifts, ReferenceCache } from './sandbox-rows';
import { type SandboxContext } from './sandbox-context';
import { type CrmCapacityPort } from '../../crm.port';

/** The capacity part of the CRM port over the sandbox. */
export function sandboxCapacity(db: Db, orgId: string, cache: ReferenceCache, context: SandboxContext) {
  const { reference, freeStretches, overlapHours } = context;
  return {
    async technicianCapacity({ windows, technicianIds, durationSeconds, appointmentStartTime, timeZone }) {
      if (windows.length === 0) return [];
      const from = new Date(Math.min(...windows.map((w) => w.from.getTime())));
      const to = new Date(Math.max(...windows.map((w) => w.to.getTime())));
      const techs = (await reference<SandboxTechnicianData>('technician')).filter((t) => t.active && technicianIds.includes(t.id));
      const appointments = await db.sandboxAppointment.findMany({ where: { orgId, start: { lt: to }, end: { gt: from }, status: { not: 'Canceled' } } });
      const earliest = appointmentStartTime?.getTime() ?? -Infinity;
      const out: TechnicianFreeSlot[] = [];
      for (const window of windows) {
        for (const tech of techs) {
          const shifts = expandWeeklyShifts(tech, window.from, window.to, timeZone);
          const busy = appointments.filter((a) => a.technicianIds.includes(tech.id)).map(toAppointment);
          for (const [start, end] of freeStretches(shifts, busy, Math.max(window.from.getTime(), earliest), window.to.getTime())) {
            if (end - start >= durationSeconds * 1000) out.push({ start: new Date(start), end: new Date(end), technicianId: tech.id });
          }
        }
      }
      return out.sort((a, b) => a.start.getTime() - b.start.getTime() || a.technicianId.localeCompare(b.technicianId));
    },

    async capacityPlanning({ startsOnOrAfter, endsOnOrBefore, businessUnitIds, jobTypeId, skillBasedAvailability, timeZone }) {
      const [techs, windows, jobTypes] = await Promise.all([
        reference<SandboxTechnicianData>('technician'),
        reference<ArrivalWindow>('arrival_window'),
        reference<JobType>('job_type'),
      ]);
      const jobType = jobTypeId ? jobTypes.find((t) => t.id === jobTypeId) : undefined;
      if (jobTypeId && !jobType) throw new CrmError('INVALID_REQUEST', `Job type ${jobTypeId} not found`);
      const units = businessUnitIds && businessUnitIds.length > 0 ? businessUnitIds : (jobType?.businessUnitIds ?? []);
      const crew = techs.filter((t) => t.active && (units.length === 0 || t.businessUnitIds.some((b) => units.includes(b))));
      const appointments = (
        await db.sandboxAppointment.findMany({ where: { orgId, start: { lt: endsOnOrBefore }, end: { gt: startsOnOrAfter }, status: { not: 'Canceled' } } })
      ).map(toAppointment);
      const needed = (jobType?.duration ?? 7200) / 3600;
      const slots: CapacityPlanSlot[] = [];
      const lastDate = toZonedParts(endsOnOrBefore, timeZone).date;
      for (let date = toZonedParts(startsOnOrAfter, timeZone).date; date <= lastDate; date = addDays(date, 1)) {
        for (const w of windows.filter((x) => x.active && (units.length === 0 || x.businessUnitIds.some((b) => units.includes(b))))) {
          const start = zonedTimeToInstant(date, w.start, timeZone);
          const [h, m] = w.duration.split(':').map(Number);
          const end = new Date(start.getTime() + (h * 60 + m) * 60_000);
          if (start < startsOnOrAfter || end > endsOnOrBefore) continue;
          let total = 0;
          let open = 0;
          const technicians = crew.map((tech) => {
            const shifts = expandWeeklyShifts(tech, start, end, timeZone);
            const shiftHours = shifts.reduce((sum, sh) => sum + overlapHours(sh.start.getTime(), sh.end.getTime(), start.getTime(), end.getTime()), 0);
            const busy = appointments.filter((a) => a.technicianIds.includes(tech.id));
            const freeHours = freeStretches(shifts, busy, start.getTime(), end.getTime()).reduce((sum, [a, b]) => sum + (b - a) / HOUR_MS, 0);
            const hasRequiredSkills = !jobType || jobType.skills.every((sk) => tech.skills.includes(sk));
            const counts = !skillBasedAvailability || hasRequiredSkills;
            if (counts) {
              total += shiftHours;
              open += freeHours;
            }
            return {
              id: tech.id,
              name: tech.name,
              status: (counts && freeHours > 0 ? 'Available' : 'Unavailable') as 'Available' | 'Unavailable',
              hasRequiredSkills,
            };
          });
          const percentageFull = total === 0 ? 100 : Math.round(((total - open) / total) * 100);
          slots.push({
            start,
            end,
            businessUnitIds: w.businessUnitIds,
            totalAvailability: Math.round(total * 100) / 100,
            openAvailability: Math.round(open * 100) / 100,
            technicians,
            isAvailable: open > 0 && technicians.some((t) => t.status === 'Available') && open >= Math.min(needed, (end.getTime() - start.getTime()) / HOUR_MS),
            isExceedingIdealBookingPercentage: percentageFull > 80,
            percentageFull,
          });
        }
      }
      return slots;
    },

    listArrivalWindows: () => reference<ArrivalWindow>('arrival_window'),

    listZones: () => reference<Zone>('zone'),

    async listTechnicianShifts(range, timeZone) {
      const techs = await reference<SandboxTechnicianData>('technician');
      // Every capacity check asks for the same days, and placing weekly patterns in a zone is most of its CPU.
      const shifts = cache.derive(techs, `shifts|${range.from.getTime()}|${range.to.getTime()}|${timeZone}`, () =>
        techs.filter((t) => t.active).flatMap((t) => expandWeeklyShifts(t, range.from, range.to, timeZone)),
      );
      return [...shifts];
    },
  } satisfies Partial<CrmCapacityPort>;
}
