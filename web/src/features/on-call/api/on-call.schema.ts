import { z } from 'zod';

// Mirrors api/routes/notifications/notifications.schema.ts and api/routes/crm/crm-workers.schema.ts.
export const OnCallPersonSchema = z.object({
  role: z.enum(['Manager', 'Technician']),
  employeeId: z.union([z.string(), z.number()]),
  phoneNumber: z.string(),
  name: z.string(),
  department: z.string(),
});
export type OnCallPerson = z.infer<typeof OnCallPersonSchema>;

export const OnCallDaySchema = z.object({ date: z.string(), people: z.array(OnCallPersonSchema) });
export type OnCallDay = z.infer<typeof OnCallDaySchema>;

export const OnCallMonthSchema = z.object({ month: z.string(), assignments: z.array(OnCallDaySchema) });
export type OnCallMonth = z.infer<typeof OnCallMonthSchema>;

export const OnCallSavedSchema = z.object({ success: z.literal(true), month: z.string(), assignments: z.array(OnCallDaySchema) });

export const CrmWorkerSchema = z.object({ id: z.string(), name: z.string(), email: z.string().nullable(), phoneNumber: z.string(), role: z.string() });
export type CrmWorker = z.infer<typeof CrmWorkerSchema>;
export const CrmWorkersSchema = z.object({ data: z.array(CrmWorkerSchema) });
