import { z } from 'zod';
import type { ServiceTitanClient } from './servicetitan-client';
import { StTechnicianSchema } from './servicetitan.types';
import { type Employee } from '../../../../domain/crm/crm-records';
import { toTechnician } from './servicetitan-mapping';
import { type CrmStaffPort } from '../../crm.port';

/** The staff part of the CRM port over ServiceTitan. */
export function serviceTitanStaff(client: ServiceTitanClient) {
  return {
    async listTechnicians() {
      return (await client.listAll('settings', 'technicians', StTechnicianSchema, { active: 'True' })).map(toTechnician);
    },

    async listEmployees() {
      const rows = await client.listAll(
        'settings',
        'employees',
        z.object({ id: z.number(), name: z.string(), email: z.string().nullish(), phoneNumber: z.string().nullish(), role: z.string().nullish() }),
        { active: 'True' },
      );
      return rows.map((e): Employee => ({ id: String(e.id), name: e.name, email: e.email ?? null, phoneNumber: e.phoneNumber ?? '', role: e.role ?? '' }));
    },
  } satisfies Partial<CrmStaffPort>;
}
