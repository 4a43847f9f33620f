import { z } from 'zod';
import { defineAiTask } from './ai-task';
import { INTERACTION_CONTEXT } from './common';
import { InteractionInputSchema } from '../../../domain/interaction/interaction.schema';
import { taskMessages } from './task-input';

export const JobTypeOptionSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  businessUnitId: z.string().min(1),
  businessUnitName: z.string().nullable().default(null),
});

/** Spec 000 §3 job booking action payload; unknown values are null. */
export const JobBookingParamsSchema = z.object({
  address: z.string().nullable(),
  zip: z.string().nullable(),
  appointment_time: z.string().nullable(),
  is_emergency_slot: z.boolean(),
  business_unit_id: z.string().nullable(),
  job_type_id: z.string().nullable(),
  full_name: z.string().nullable(),
  phone_number: z.string().nullable(),
});

export const jobBookingParamsTask = defineAiTask({
  name: 'job_booking_params',
  description: 'Extracts the job booking payload (address, zip, time, job type, business unit, name, phone) from an interaction.',
  inputSchema: InteractionInputSchema.extend({ jobTypes: z.array(JobTypeOptionSchema).min(1) }),
  outputSchema: JobBookingParamsSchema,
  prompt: (input) =>
    taskMessages(
      `${INTERACTION_CONTEXT}\n\nFill the job booking payload from what the customer and the agent agreed: the service address and zip, the appointment start the customer accepted (ISO 8601 without timezone), whether it is an emergency slot, the job type (an id from jobTypes) and its business unit id, the customer's full name and phone number (E.164, +1XXXXXXXXXX for US and Canada). Use null for anything not agreed in the interaction.`,
      input,
    ),
  checkOutput: (output, input) => {
    if (output.job_type_id === null) return [];
    const jobType = input.jobTypes.find((t) => t.id === output.job_type_id);
    if (!jobType) return [`job_type_id ${output.job_type_id} is not one of jobTypes`];
    return output.business_unit_id === jobType.businessUnitId
      ? []
      : [`business_unit_id must be ${jobType.businessUnitId}, the business unit of job type ${jobType.id}`];
  },
});
