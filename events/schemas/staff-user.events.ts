import { z } from 'zod';

export const STAFF_USER = 'staff-user';

export const StaffUserRegisteredV1Schema = z.object({
  userId: z.uuid(),
  email: z.email(),
  name: z.string().min(1),
  /** scrypt hash made by the activity; plain passwords never enter workflow history or the log. */
  passwordHash: z.string().nullable(),
  isOperator: z.boolean(),
});
export type StaffUserRegisteredV1 = z.infer<typeof StaffUserRegisteredV1Schema>;

/**
 * A login found the user's password hashed below today's cost and stored a new hash of the same password
 * (lib/passwords: hashes carry their parameters, so an old one still verifies once).
 */
export const StaffUserPasswordRehashedV1Schema = z.object({
  userId: z.uuid(),
  passwordHash: z.string().min(1),
});
export type StaffUserPasswordRehashedV1 = z.infer<typeof StaffUserPasswordRehashedV1Schema>;

export const StaffUserJoinedOrganizationV1Schema = z.object({
  userId: z.uuid(),
  orgId: z.uuid(),
  role: z.enum(['admin', 'manager', 'csr']),
});
export type StaffUserJoinedOrganizationV1 = z.infer<typeof StaffUserJoinedOrganizationV1Schema>;
