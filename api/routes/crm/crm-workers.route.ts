import { CrmError } from '../../../activities/crm/crm.port';
import { z } from 'zod';
import { ApiError, badRequest, notFound } from '../../http/errors';
import { crmFailure, NO_CRM_MESSAGE } from './crm-route';
import { CreateEmployeeBodySchema } from './staff-writes.schema';
import { defineRoute } from '../../http/route';
import type { ApiDeps } from '../../deps';
import { type CrmWorker, CrmWorkersBodySchema, CrmWorkersResponseSchema } from './crm-workers.schema';

// A body with a username is a create; anything else keeps the 001 list shape.
const CrmEmployeesBodySchema = z.looseObject({}).transform((raw, ctx): z.infer<typeof CreateEmployeeBodySchema> | z.infer<typeof CrmWorkersBodySchema> => {
  const parsed = 'username' in raw ? CreateEmployeeBodySchema.safeParse(raw) : CrmWorkersBodySchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  return z.NEVER;
});

async function fromCrm(
  deps: ApiDeps,
  orgId: string,
  read: (crm: ReturnType<ApiDeps['crm']['provider']['forOrganization']>) => Promise<CrmWorker[]>,
): Promise<{ data: CrmWorker[] }> {
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

/**
 * POST /crm/employees is two calls on one path: 001 §7 lists employees for a body of only {orgId}, and
 * 000 §7 creates one from {username, roleId}. The body's shape decides: a body with a username creates
 * (its org named in the query like every 000 /crm route, or in the body), any other body lists.
 */
export const crmEmployeesRoute = defineRoute({
  method: 'post',
  path: '/crm/employees',
  summary: "Lists the CRM's employees for {orgId} (001 §2.9, §7), or creates one for {username, roleId} (000 §7)",
  tag: 'CRM',
  access: { kind: 'org', orgIdOf: ({ query, body }) => query.orgId ?? body.orgId ?? null },
  request: { query: CrmWorkersBodySchema, body: CrmEmployeesBodySchema },
  response: { schema: z.union([CrmWorkersResponseSchema, z.object({ id: z.string() })]), description: 'The workers, or the created employee {id}' },
  errors: [307, 401, 404],
  async handler({ orgId, deps, query, body }) {
    if (!('username' in body)) {
      return fromCrm(deps, orgId!, async (crm) =>
        (await crm.listEmployees()).map((e) => ({ id: e.id, name: e.name, email: e.email, phoneNumber: e.phoneNumber, role: e.role })),
      );
    }
    if (query.orgId && body.orgId && query.orgId !== body.orgId) throw badRequest('orgId in the body must match the orgId of the query');
    const org = await deps.organizations.findById(orgId!);
    if (!org) throw notFound('Organization not found');
    if (org.crmName === 'NONE') throw badRequest(NO_CRM_MESSAGE);
    try {
      return await deps.crm.provider.forOrganization(org.id).createEmployee({ username: body.username, roleId: body.roleId });
    } catch (err) {
      throw crmFailure(err);
    }
  },
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
