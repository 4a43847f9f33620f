import { z } from 'zod';
import { crmRoute } from './crm-route';

// Spec 000 §7 /crm "Staff" reads. POST /crm/employees stays the 001 list the on-call pages use (crm-workers.route.ts).

const StaffMemberSchema = z.object({ id: z.string(), name: z.string(), email: z.string().nullable(), phoneNumber: z.string(), role: z.string() });

export const listEmployeesRoute = crmRoute({
  method: 'get',
  path: '/crm/employees',
  summary: "The CRM's employees",
  response: z.array(StaffMemberSchema),
  description: '[{id, name, email?, phoneNumber, role}]',
  run: async ({ crm }) => (await crm.listEmployees()).map(({ id, name, email, phoneNumber, role }) => ({ id, name, email, phoneNumber, role })),
});

export const listTechniciansRoute = crmRoute({
  method: 'get',
  path: '/crm/technicians',
  summary: "The CRM's active technicians",
  response: z.array(StaffMemberSchema),
  description: '[{id, name, email, phoneNumber, role}]',
  run: async ({ crm }) =>
    (await crm.listTechnicians()).filter((t) => t.active).map(({ id, name, email, phoneNumber, role }) => ({ id, name, email, phoneNumber, role })),
});

export const STAFF_ROUTES = [listEmployeesRoute, listTechniciansRoute];
