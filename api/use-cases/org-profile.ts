import { randomUUID } from 'node:crypto';
import { EMPTY_COMPANY_PROFILE, type CompanyProfileChanges, type CustomInstructions } from '../../domain/organization/org-profile.schema';
import type { ApiDeps } from '../deps';
import { notFound } from '../http/errors';
import { publishCommand, type CommandOrigin } from '../http/publish-command';
import type { CompanyProfileView } from '../routes/org/company-profile.schema';
import type { CustomInstructionsView } from '../routes/org/custom-instructions.schema';

type Deps = Pick<ApiDeps, 'organizations' | 'orgProfile'>;

export async function showCompanyProfile(deps: Deps, orgId: string): Promise<CompanyProfileView> {
  const stored = await deps.orgProfile.repository.findCompanyProfile(orgId);
  if (!stored) {
    if (!(await deps.organizations.findById(orgId))) throw notFound('Organization not found');
    return { id: null, org_id: orgId, ...EMPTY_COMPANY_PROFILE, created_at: null, updated_at: null };
  }
  const { id, createdAt, updatedAt, ...fields } = stored;
  return { id, org_id: orgId, ...fields, created_at: createdAt.toISOString(), updated_at: updatedAt.toISOString() };
}

/** Publishes the changed fields; the answer is the profile as it will read once the event is projected. */
export async function changeCompanyProfile(deps: Deps, orgId: string, changes: CompanyProfileChanges, origin: CommandOrigin): Promise<CompanyProfileView> {
  const current = await showCompanyProfile(deps, orgId);
  const profileId = current.id ?? randomUUID();
  const sent = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as CompanyProfileChanges;
  const now = new Date().toISOString();
  await publishCommand(deps.orgProfile.events, origin, [
    { type: 'CompanyProfileChanged', aggregateId: orgId, orgId, data: { orgId, profileId, changes: sent } },
  ]);
  return { ...current, ...sent, id: profileId, created_at: current.created_at ?? now, updated_at: now };
}

export async function showCustomInstructions(deps: Deps, orgId: string): Promise<CustomInstructionsView> {
  const found = await deps.orgProfile.repository.findCustomInstructions(orgId);
  if (!found) throw notFound('Organization not found');
  return { custom_instructions: found.customInstructions, regular_job_to_dispatch: found.regularJobToDispatch };
}

export async function saveCustomInstructions(
  deps: Deps,
  orgId: string,
  save: { customInstructions: CustomInstructions; regularJobToDispatch?: string | null },
  origin: CommandOrigin,
): Promise<CustomInstructionsView> {
  const current = await showCustomInstructions(deps, orgId);
  // An empty dispatch field means "none", as the availability view stores it.
  const dispatch = save.regularJobToDispatch === '' ? null : save.regularJobToDispatch;
  await publishCommand(deps.orgProfile.events, origin, [
    {
      type: 'OrganizationCustomInstructionsChanged',
      aggregateId: orgId,
      orgId,
      data: { orgId, customInstructions: save.customInstructions, ...(dispatch === undefined ? {} : { regularJobToDispatch: dispatch }) },
    },
  ]);
  return { custom_instructions: save.customInstructions, regular_job_to_dispatch: dispatch === undefined ? current.regular_job_to_dispatch : dispatch };
}
