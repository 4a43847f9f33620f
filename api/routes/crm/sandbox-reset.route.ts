import { z } from 'zod';
import type { SandboxCrm } from '../../../activities/crm/adapters/sandbox/sandbox-crm.adapter';
import type { CrmProvider } from '../../../activities/crm/crm.port';
import { toZonedParts } from '../../../domain/time/zoned-time';
import { badRequest, notFound } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { NO_CRM_MESSAGE, OrgQuerySchema } from './crm-route';

export const NOT_SANDBOX_MESSAGE = 'This deployment does not run the sandbox CRM (CRM_ADAPTER is not sandbox)';

/** With CRM_ADAPTER=sandbox the provider is the sandbox itself (activities/crm/create-crm.ts). */
const asSandbox = (provider: CrmProvider): SandboxCrm | null => ('reset' in provider && typeof provider.reset === 'function' ? (provider as SandboxCrm) : null);

/**
 * Puts an organization's sandbox contractor back to its seed: every booking, job, customer and record made
 * since is deleted and the seed written again, with appointments placed around the org's today.
 */
export const resetSandboxCrmRoute = defineRoute({
  method: 'post',
  path: '/crm/sandbox/reset',
  summary: "Reset an organization's sandbox CRM to its deterministic seed (operators only)",
  tag: 'CRM',
  access: { kind: 'operator' },
  request: { query: OrgQuerySchema },
  response: {
    schema: z.object({ orgId: z.uuid(), reset: z.literal(true), today: z.string() }),
    description: 'The org and the local date the seed was placed around',
  },
  errors: [401, 404],
  async handler({ query, deps }) {
    const org = await deps.organizations.findById(query.orgId);
    if (!org) throw notFound('Organization not found');
    if (org.crmName === 'NONE') throw badRequest(NO_CRM_MESSAGE);
    const sandbox = asSandbox(deps.crm.provider);
    if (!sandbox) throw badRequest(NOT_SANDBOX_MESSAGE);
    const today = toZonedParts(new Date(), org.timezone).date;
    await sandbox.reset({ orgId: org.id, timeZone: org.timezone, today });
    return { orgId: org.id, reset: true as const, today };
  },
});
