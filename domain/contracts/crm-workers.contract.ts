import { z } from 'zod';

// 001 §7: the dashboard sends the org it is looking at; a body without one names no organization.
export const CrmWorkersBodySchema = z.object({ orgId: z.uuid('orgId must be a UUID').optional() });

/** 001 §3 "CRM worker list answer"; the technician list uses role "Technician". */
export const CrmWorkerSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phoneNumber: z.string(),
  role: z.string(),
});
export const CrmWorkersResponseSchema = z.object({ data: z.array(CrmWorkerSchema) });
export type CrmWorker = z.infer<typeof CrmWorkerSchema>;
