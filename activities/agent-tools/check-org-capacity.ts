import { addDays, epochDayOf, weekdayOf } from '../../domain/time/calendar';
import { toZonedParts, zonedTimeToInstant } from '../../domain/time/zoned-time';
import {
  checkCapacity,
  LOOKAHEAD_DAYS,
  type CapacityCheckRequest,
  type CapacityCheckResult,
  type CapacityCrmData,
  type OrgCapacityView,
} from '../../domain/capacity/capacity-check';
import type { CapacitySlot } from '../../domain/capacity/capacity';
import { CrmError, type CrmPort } from '../crm/crm.port';
import type { WeeklyHours } from '../../domain/organization/organization-settings.schema';
import type { CapacityRepository } from '../../events/projections/capacity-settings/capacity-settings.repository';
import { speakDate, speakList, speakWindow } from './speakable';
import { OFFER_CALLBACK } from './tool-context';
import { type Technician, type TechnicianShift } from '../../domain/crm/crm-records';

const OFFER_EMERGENCY_CALLBACK =
  'This is an emergency: tell the caller the on-call team will call them back right away, then call create_action_callback_request with is_emergency_callback true.';

/** A list the CRM has nothing for (Housecall Pro: business units, shifts) reads as none. */
async function unlessUnsupported<T>(read: () => Promise<T[]>): Promise<T[] | null> {
  try {
    return await read();
  } catch (err) {
    if (err instanceof CrmError && err.code === 'UNSUPPORTED') return null;
    throw err;
  }
}

/** Every technician on shift through the org's regular hours, for a CRM that keeps no shifts. */
export function shiftsFromRegularHours(
  technicians: readonly Technician[],
  hours: WeeklyHours,
  timeZone: string,
  fromDate: string,
  days: number,
): TechnicianShift[] {
  const shifts: TechnicianShift[] = [];
  for (let i = -1; i <= days; i += 1) {
    const date = addDays(fromDate, i);
    for (const { start, end } of hours[weekdayOf(date)] ?? []) {
      const s = zonedTimeToInstant(date, start, timeZone);
      const e = zonedTimeToInstant(end > start ? date : addDays(date, 1), end, timeZone);
      for (const t of technicians)
        shifts.push({ id: `hours-${t.id}-${date}-${start}`, technicianId: t.id, start: s, end: e, shiftType: 'Normal', active: true });
    }
  }
  return shifts;
}

/**
 * Reads what a check needs from the CRM: reference data, then shifts and appointments of the days it may look at.
 * A CRM without business units, zones, arrival windows or shifts still answers: no units means every technician
 * works every unit (`unitless`), no zones means no zip-code service area, no arrival windows means 2-hour windows
 * through the opening hours, and no shifts means technicians work the org's regular hours (`regularHours`).
 */
export async function loadCapacityCrmData(
  crm: CrmPort,
  timeZone: string,
  fromDate: string,
  days: number,
  regularHours?: WeeklyHours,
): Promise<CapacityCrmData & { unitless: boolean }> {
  const range = { from: zonedTimeToInstant(addDays(fromDate, -1), '00:00', timeZone), to: zonedTimeToInstant(addDays(fromDate, days + 1), '00:00', timeZone) };
  const [jobTypes, businessUnits, zones, technicians, arrivalWindows, shifts, appointments] = await Promise.all([
    crm.listJobTypes(),
    unlessUnsupported(() => crm.listBusinessUnits()),
    unlessUnsupported(() => crm.listZones()),
    crm.listTechnicians(),
    unlessUnsupported(() => crm.listArrivalWindows()),
    unlessUnsupported(() => crm.listTechnicianShifts(range, timeZone)),
    crm.listAppointments(range),
  ]);
  return {
    jobTypes,
    businessUnits: businessUnits ?? [],
    zones: zones ?? [],
    technicians,
    arrivalWindows: arrivalWindows ?? [],
    shifts: shifts ?? (regularHours ? shiftsFromRegularHours(technicians, regularHours, timeZone, fromDate, days) : []),
    appointments,
    unitless: businessUnits === null,
  };
}

export function slotData(slot: CapacitySlot, timeZone: string) {
  const end = toZonedParts(slot.end, timeZone);
  return {
    start: `${slot.date}T${slot.localStart}:00`,
    end: `${end.date}T${end.time}:00`,
    startUtc: slot.start.toISOString(),
    endUtc: slot.end.toISOString(),
    technicianId: slot.assignedTechnicianId,
    percentageFull: slot.percentageFull,
  };
}

export interface CapacityAnswer {
  result: CapacityCheckResult;
  /** What the agent is told, with its next step. */
  speech: string;
  data: Record<string, unknown>;
}

/** Words for a result: short, speakable, ending in what the agent does next. */
export function answerFor(result: CapacityCheckResult, req: CapacityCheckRequest, timeZone: string): CapacityAnswer {
  switch (result.kind) {
    case 'unknown_job_type':
      return { result, speech: `That job type is not one this company books. ${OFFER_CALLBACK}`, data: { available: false, slots: [] } };
    case 'unknown_trade':
      return {
        result,
        speech: `This company does not offer ${req.trade ?? 'that trade'}. Apologise and offer to take a message for the office.`,
        data: { available: false, slots: [] },
      };
    case 'out_of_area':
      return {
        result,
        speech: `We don't serve zip code ${result.zipcode} for this kind of job. Apologise and offer to take a message for the office.`,
        data: { available: false, slots: [] },
      };
    case 'emergency_callback':
      return { result, speech: OFFER_EMERGENCY_CALLBACK, data: { available: false, emergency: true, offer: 'callbacks', slots: [] } };
    case 'emergency_slot': {
      const start = toZonedParts(result.slot.start, timeZone);
      const end = toZonedParts(result.slot.end, timeZone);
      const slot = {
        start: `${start.date}T${start.time}:00`,
        end: `${end.date}T${end.time}:00`,
        startUtc: result.slot.start.toISOString(),
        endUtc: result.slot.end.toISOString(),
        technicianId: result.slot.technicianId,
      };
      return {
        result,
        speech: `This is an emergency. A technician can be there ${speakWindow(start.date, start.time, end.time)}. Confirm it with the caller, then call create_action_job_booking with appointment_time ${slot.start} and is_emergency_slot true.`,
        data: { available: true, emergency: true, offer: 'promise_slot', strategy: result.slot.strategy, slots: [slot] },
      };
    }
    case 'available':
      return {
        result,
        speech: `Yes, ${speakWindow(result.slot.date, result.slot.localStart, result.slot.localEnd)} is open. Confirm it with the caller, then call create_action_job_booking with appointment_time ${result.slot.date}T${result.slot.localStart}:00.`,
        data: { available: true, businessUnitId: result.businessUnitId, slots: [slotData(result.slot, timeZone)] },
      };
    case 'unavailable': {
      const data = { available: false, businessUnitId: result.businessUnitId, slots: result.alternatives.map((s) => slotData(s, timeZone)) };
      if (result.alternatives.length === 0)
        return { result, speech: `There are no openings in the ${LOOKAHEAD_DAYS} days from ${speakDate(req.date)}. ${OFFER_CALLBACK}`, data };
      return {
        result,
        speech: `That time is not available. The nearest openings are ${speakList(result.alternatives.map((s) => speakWindow(s.date, s.localStart, s.localEnd)))}. Offer these to the caller and book the one they pick.`,
        data,
      };
    }
  }
}

/** One capacity check for an organization: its availability view and rules, its CRM, the engine. */
export async function checkOrgCapacity(
  deps: { capacity: Pick<CapacityRepository, 'view'>; crm: CrmPort },
  orgId: string,
  req: CapacityCheckRequest,
): Promise<CapacityAnswer & { view: OrgCapacityView }> {
  const view = await deps.capacity.view(orgId);
  if (!view) throw new Error(`organization ${orgId} has no availability view`);
  // The asked date's lookahead, and the next days from today, where an emergency slot would fall.
  const today = toZonedParts(req.now, view.timezone).date;
  const gap = (epochDayOf(req.date) ?? 0) - (epochDayOf(today) ?? 0);
  const hours = view.availability.regularHours;
  const data = await loadCapacityCrmData(
    deps.crm,
    view.timezone,
    gap >= 0 && gap <= LOOKAHEAD_DAYS ? today : req.date,
    LOOKAHEAD_DAYS + Math.max(0, Math.min(gap, LOOKAHEAD_DAYS)),
    hours,
  );
  if (gap > LOOKAHEAD_DAYS) {
    const near = await loadCapacityCrmData(deps.crm, view.timezone, today, LOOKAHEAD_DAYS, hours);
    const byId = <T extends { id: string }>(a: readonly T[], b: readonly T[]) => [...new Map([...a, ...b].map((x) => [x.id, x])).values()];
    Object.assign(data, { shifts: byId(data.shifts, near.shifts), appointments: byId(data.appointments, near.appointments) });
  }
  let request = req;
  if (data.unitless) {
    // Without business units the asked unit (or none) is the whole crew's: trades cannot pick a unit either.
    const unit = req.businessUnitId ?? '';
    data.technicians = data.technicians.map((t) => ({ ...t, businessUnitIds: [unit] }));
    data.jobTypes = data.jobTypes.map((t) => (t.businessUnitIds.length > 0 ? t : { ...t, businessUnitIds: [unit] }));
    // Zones of such a CRM (Housecall Pro's service zones) cover the whole crew's work too.
    data.zones = data.zones.map((z) => (z.businessUnitIds.length > 0 ? z : { ...z, businessUnitIds: [unit] }));
    request = { ...req, businessUnitId: unit, trade: undefined };
  }
  const result = checkCapacity(view, data, request);
  return { ...answerFor(result, req, view.timezone), view };
}
