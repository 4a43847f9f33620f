import { z } from 'zod';

export const ENTERPRISE = 'enterprise';

/** An operator created an enterprise, the level that groups several organizations (000 §1, 001 §3 "Enterprise"). */
export const EnterpriseCreatedV1Schema = z.object({
  enterpriseId: z.uuid(),
  name: z.string().min(1),
  /** E-mails of the staff who may open every organization of the enterprise (000 §6 "Enterprises hold an admins list"). */
  admins: z.array(z.string()),
});
export type EnterpriseCreatedV1 = z.infer<typeof EnterpriseCreatedV1Schema>;

/** An operator replaced the enterprise's admins list. */
export const EnterpriseAdminsChangedV1Schema = z.object({ enterpriseId: z.uuid(), admins: z.array(z.string()) });
export type EnterpriseAdminsChangedV1 = z.infer<typeof EnterpriseAdminsChangedV1Schema>;
