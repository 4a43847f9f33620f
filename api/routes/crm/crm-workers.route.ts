import { CrmError } from '../../../activities/crm/crm.port';
import { ApiError, notFound } from '../../http/errors';
import { defineRoute } from '../../http/route';
import type { ApiDeps } from '../../deps';
import { type CrmWorker, CrmWorkersBodySchema, CrmWorkersResponseSchema } from './crm-workers.schema';

async function fromCrm(deps: ApiDeps, orgId: string, read: (crm: ReturnType<ApiDeps['crm']['provider']['forOrganization']>) => Promise<CrmWorker[]>): Promise<{ data: CrmWorker[] }> {
  const org = await deps.organizations.findById(orgId);
  if (!org) throw notFound('Organization not found');
  // An organization without a CRM has nobody to pick from.
  if (org.crmName === 'NONE') return { data: [] };
  try {
    return { data: await read(deps.crm.provider.forOrganization(orgId)) };
  } catch (err) {
    if (err instanceof CrmError && err.code === 'NOT_FOUND') throw notFound(err.message);
    if (err instanceof CrmError && !err.retryable) throw new ApiError(400, err.message);
    throw err;
  }
}

export const crmEmployeesRoute = defineRoute({
  method: 'post',
  path: '/crm/employees',
  summary: "The CRM's employees, to pick on-call people from (001 §2.9, §7)",
  tag: 'CRM',
  access: { kind: 'org', orgIdOf: ({ body }) => body.orgId ?? null },
  request: { body: CrmWorkersBodySchema },
  response: { schema: CrmWorkersResponseSchema, description: 'The workers' },
  errors: [307, 401, 404],
  handler: ({ orgId, deps }) =>
    fromCrm(deps, orgId!, async (crm) =>
      (await crm.listEmployees()).map((e) => ({ id: e.id, name: e.name, email: e.email, phoneNumber: e.phoneNumber, role: e.role })),
    ),
});

export const crmTechniciansRoute = defineRoute({
  method: 'post',
  path: '/crm/technicians',
  summary: "The CRM's active technicians, to pick on-call people from (001 §2.9, §7)",
  tag: 'CRM',
  access: { kind: 'org', orgIdOf: ({ body }) => body.orgId ?? null },
  request: { body: CrmWorkersBodySchema },
  response: { schema: CrmWorkersResponseSchema, description: 'The technicians, role "Technician"' },
  errors: [307, 401, 404],
  handler: ({ orgId, deps }) =>
    fromCrm(deps, orgId!, async (crm) =>
      (await crm.listTechnicians())
        .filter((t) => t.active)
        .map((t) => ({ id: t.id, name: t.name, email: t.email, phoneNumber: t.phoneNumber, role: 'Technician' as const })),
    ),
});
