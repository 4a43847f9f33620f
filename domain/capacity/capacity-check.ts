import type { CapacitySettings } from './capacity-settings';
import { nextAvailableSlots, slotContaining, slotsForDate, type CapacityInput, type CapacitySlot } from './capacity';
import { emergencySlot, emergencyState, qualifiesAsEmergency, type EmergencySlot } from './emergency';
import type { SchedulingRule } from './scheduling-rules';
import { bufferFor, earliestBookableStart } from './time-buffer';
import type { Appointment, ArrivalWindow, BusinessUnit, JobType, Technician, TechnicianShift, Zone } from '../crm/crm-records';

/** How many days ahead alternatives are looked for, and how many are offered. */
export const LOOKAHEAD_DAYS = 7;
export const ALTERNATIVES = 3;

/** The organization availability view (spec 000 §3) plus the org's scheduling rules. */
export interface OrgCapacityView extends CapacitySettings {
  timezone: string;
  crm_name: string;
  rules: SchedulingRule[];
}

/** What the CRM knows that a check needs; shifts and appointments cover the asked date and the lookahead. */
export interface CapacityCrmData {
  jobTypes: readonly JobType[];
  businessUnits: readonly BusinessUnit[];
  zones: readonly Zone[];
  technicians: readonly Technician[];
  shifts: readonly TechnicianShift[];
  appointments: readonly Appointment[];
  arrivalWindows: readonly ArrivalWindow[];
}

export interface CapacityCheckRequest {
  now: Date;
  /** The org-local date and time asked about, and that instant. */
  date: string;
  instant: Date;
  jobTypeId: string;
  businessUnitId?: string;
  /** The trades variant names a trade instead of a business unit. */
  trade?: string;
  zipcode?: string;
  /** 1–5, 0 when none. */
  priority: number;
  isMember?: boolean;
}

export type CapacityCheckResult =
  | { kind: 'unknown_job_type' }
  | { kind: 'unknown_trade' }
  | { kind: 'out_of_area'; zipcode: string }
  | { kind: 'emergency_callback' }
  | { kind: 'emergency_slot'; slot: EmergencySlot }
  | { kind: 'available'; slot: CapacitySlot; businessUnitId: string }
  | { kind: 'unavailable'; alternatives: CapacitySlot[]; businessUnitId: string };

/** The engine input for one business unit, from the view and the CRM data (also used by the availability grid). */
export function capacityInputFor(
  view: OrgCapacityView,
  crm: CapacityCrmData,
  args: { now: Date; businessUnitId: string; jobType: JobType | null; priority: number; zone: Zone | null },
): CapacityInput {
  const unit = crm.businessUnits.find((b) => b.id === args.businessUnitId);
  const crew = args.zone && args.zone.technicianIds.length > 0 ? crm.technicians.filter((t) => args.zone!.technicianIds.includes(t.id)) : crm.technicians;
  return {
    timeZone: view.timezone,
    now: args.now,
    regularHours: view.availability.regularHours,
    holidays: view.availability.holidays,
    arrivalWindows: crm.arrivalWindows,
    businessUnitId: args.businessUnitId,
    jobDurationSeconds: args.jobType?.duration ?? 7200,
    requiredSkills: view.skillBasedAvailability ? (args.jobType?.skills ?? []) : [],
    technicians: crew,
    shifts: crm.shifts,
    appointments: crm.appointments,
    bufferHours: 0,
    earliestStart: earliestBookableStart(args.now, view.timezone, bufferFor(view.schedule, args.priority)),
    schedule: view.schedule,
    jobTypeId: args.jobType?.id ?? null,
    zoneId: args.zone?.id ?? null,
    trade: unit?.trade ?? null,
    rules: view.rules,
    crmSettings: { autoAssignTech: view.autoAssignTech, assignDummyTech: view.assignDummyTech, defaultDummyTechs: view.defaultDummyTechs },
  };
}

/**
 * One capacity check, as get_capacity and POST /org/get-capacity make it (spec 000 §5, 001 §2.12):
 * the business unit (given, or the trade's), the zone of the zip code, the emergency config, then the
 * slot containing the asked time or the nearest alternatives.
 */
export function checkCapacity(view: OrgCapacityView, crm: CapacityCrmData, req: CapacityCheckRequest): CapacityCheckResult {
  const jobType = crm.jobTypes.find((t) => t.id === req.jobTypeId);
  if (!jobType) return { kind: 'unknown_job_type' };
  let businessUnitId = req.businessUnitId;
  if (!businessUnitId && req.trade) {
    const trade = req.trade
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, '_');
    const unit =
      crm.businessUnits.find((b) => b.trade.toLowerCase() === trade && jobType.businessUnitIds.includes(b.id)) ??
      crm.businessUnits.find((b) => b.trade.toLowerCase() === trade);
    if (!unit) return { kind: 'unknown_trade' };
    businessUnitId = unit.id;
  }
  businessUnitId ??= jobType.businessUnitIds[0] ?? '';

  let zone: Zone | null = null;
  if (req.zipcode) {
    zone = crm.zones.find((z) => z.zipcodes.includes(req.zipcode!)) ?? null;
    if (crm.zones.length > 0 && (!zone || !zone.businessUnitIds.includes(businessUnitId))) return { kind: 'out_of_area', zipcode: req.zipcode };
  }

  const input = capacityInputFor(view, crm, { now: req.now, businessUnitId, jobType, priority: req.priority, zone });
  const emergency = view.emergency_config;
  if (
    emergencyState(emergency, req.now) === 'on' &&
    qualifiesAsEmergency(emergency.qualifyStrategy, {
      now: req.now,
      timeZone: view.timezone,
      regularHours: input.regularHours,
      holidays: input.holidays,
      priority: req.priority,
      businessUnitId,
      jobTypeId: jobType.id,
      isMember: req.isMember,
    })
  ) {
    if (emergency.offerSlotStrategy === 'callbacks') return { kind: 'emergency_callback' };
    const slot = emergencySlot(emergency.slotStrategy, {
      now: req.now,
      timeZone: view.timezone,
      emergencyHours: view.availability.emergencyHours,
      technicians: input.technicians,
      shifts: crm.shifts,
      appointments: crm.appointments,
      businessUnitId,
      jobDurationSeconds: jobType.duration,
    });
    return slot ? { kind: 'emergency_slot', slot } : { kind: 'emergency_callback' };
  }

  const match = slotContaining(slotsForDate(req.date, input), req.instant);
  if (match?.isAvailable) return { kind: 'available', slot: match, businessUnitId };
  return { kind: 'unavailable', alternatives: nextAvailableSlots(req.date, LOOKAHEAD_DAYS, ALTERNATIVES, input), businessUnitId };
}
