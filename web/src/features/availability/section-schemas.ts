import { z } from 'zod';
import { SaveAvailabilityBodySchema } from '@contracts/availability.contract';
import type { AvailabilitySections } from './api/availability.api';
import type { AvailabilityView, WeeklyHours } from './api/availability.schema';
import { rangesOutOfOrder } from './availability-form';

// Each section of the Availability page is checked by its part of the API's own request schema
// (PUT /org/availability), so a field's message is the one the API would answer.
const body = SaveAvailabilityBodySchema.shape;
const availability = body.availability.unwrap().shape;

function hoursInOrder(field: 'regularHours' | 'emergencyHours') {
  return (values: { availability: { [K in typeof field]?: WeeklyHours } }, ctx: z.RefinementCtx) => {
    for (const { day, index } of rangesOutOfOrder(values.availability[field] ?? {})) {
      ctx.addIssue({ code: 'custom', path: ['availability', field, day, index, 'end'], message: `${day}: the hours must end after they start` });
    }
  };
}

export const OfficeHoursFormSchema = z
  .object({ availability: z.object({ regularHours: availability.regularHours }) })
  .superRefine(hoursInOrder('regularHours'));
export const EmergencyHoursFormSchema = z
  .object({ availability: z.object({ emergencyHours: availability.emergencyHours }) })
  .superRefine(hoursInOrder('emergencyHours'));
export const HolidaysFormSchema = z.object({
  availability: z.object({ holidays: availability.holidays, availabilityMessage: availability.availabilityMessage }),
});
export const ScheduleFormSchema = z.object({ schedule: body.schedule.unwrap() });
export const EmergencyFormSchema = z.object({ emergency_config: body.emergency_config.unwrap() });
export const TechniciansFormSchema = z.object({
  autoAssignTech: body.autoAssignTech.unwrap(),
  skillBasedAvailability: body.skillBasedAvailability.unwrap(),
  assignDummyTech: body.assignDummyTech.unwrap(),
  defaultDummyTechs: body.defaultDummyTechs.unwrap(),
  feature_flags: body.feature_flags.unwrap(),
  adp_config: body.adp_config.unwrap(),
});

/**
 * The availability block is saved whole (the API replaces it), so a section that edits part of it sends
 * the stored rest unchanged; edits waiting in the other sections are not sent.
 */
export function withAvailability(view: AvailabilityView, part: Partial<AvailabilityView['availability']>): AvailabilitySections {
  const { lastUpdatedAt: _at, ...stored } = view.availability;
  return { availability: { ...stored, ...part } };
}
