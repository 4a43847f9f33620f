import type { AppConfig } from '../../config/env';
import type { Db } from '../../prisma/client';
import { createSandboxCrm, type SandboxCrm } from './adapters/sandbox/sandbox-crm.adapter';
import { CrmError, type CrmPort, type CrmProvider } from './crm.port';

/** Builds the CRM adapter CRM_ADAPTER names. The vendor adapters are not built yet and say so on use. */
export function createCrm({ adapter, db }: { adapter: AppConfig['CRM_ADAPTER']; db: Db }): { crm: CrmProvider; sandbox: SandboxCrm | null } {
  if (adapter === 'sandbox') {
    const sandbox = createSandboxCrm(db);
    return { crm: sandbox, sandbox };
  }
  const unavailable = new Proxy({} as CrmPort, {
    get: () => async () => {
      throw new CrmError('NOT_CONFIGURED', `The ${adapter} CRM adapter is not available yet`, false);
    },
  });
  return { crm: { forOrganization: () => unavailable }, sandbox: null };
}
