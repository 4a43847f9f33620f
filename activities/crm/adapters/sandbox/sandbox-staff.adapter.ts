import { type SandboxTechnicianData } from './sandbox-seed';
import { type Technician } from '../../../../domain/crm/crm-records';
import { type SandboxContext } from './sandbox-context';
import { type CrmStaffPort } from '../../crm.port';

/** The staff part of the CRM port over the sandbox. */
export function sandboxStaff(context: SandboxContext) {
  const { reference } = context;
  return {
    async listTechnicians() {
      const techs = await reference<SandboxTechnicianData>('technician');
      return techs.map(({ weeklyShifts: _shifts, ...t }): Technician => ({ ...t, role: 'Technician' }));
    },
  } satisfies Partial<CrmStaffPort>;
}
