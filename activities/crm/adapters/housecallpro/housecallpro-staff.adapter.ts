import type { HousecallProClient } from './housecallpro-client';
import { HcpEmployeeSchema } from './housecallpro.types';
import { type Employee, type Technician } from '../../../../domain/crm/crm-records';
import { fullName } from './housecallpro-mapping';
import { type CrmStaffPort } from '../../crm.port';

/** The staff part of the CRM port over Housecall Pro. */
export function housecallProStaff(client: HousecallProClient) {
  return {
    async listEmployees() {
      const rows = await client.listAll('employees', 'employees', HcpEmployeeSchema);
      return rows.map((e): Employee => ({ id: e.id, name: fullName(e), email: e.email ?? null, phoneNumber: e.mobile_number ?? '', role: e.role ?? '' }));
    },

    async listTechnicians() {
      const rows = await client.listAll('employees', 'employees', HcpEmployeeSchema);
      return rows
        .filter((e) => e.role === 'field tech')
        .map((e): Technician => ({
          id: e.id,
          name: fullName(e),
          email: e.email ?? '',
          phoneNumber: e.mobile_number ?? '',
          role: 'Technician',
          businessUnitIds: [],
          skills: [],
          active: true,
        }));
    },
  } satisfies Partial<CrmStaffPort>;
}
