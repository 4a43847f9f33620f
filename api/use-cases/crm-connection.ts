import { CrmError } from '../../activities/crm/crm.port';
import { CRM_VENDOR_NAMES, maskedCrmConfig, parseCrmConfig, type CrmConnection } from '../../domain/crm/crm-config.schema';
import type { CrmName } from '../../domain/organization/organization-settings.schema';
import type { ApiDeps } from '../deps';
import { ApiError, badRequest } from '../http/errors';
import { publishCommand, type CommandOrigin } from '../http/publish-command';

function connectionsOf(deps: ApiDeps) {
  const connections = deps.crm.connections;
  if (!connections) throw new ApiError(500, 'CRM credentials cannot be stored by this deployment');
  return connections;
}

/** crm_config checked against crm_name (400 naming the field); null when there is nothing to store. */
export function crmConnectionFrom(deps: ApiDeps, crmName: CrmName, crmConfig: unknown): CrmConnection | null {
  const parsed = parseCrmConfig(crmName, crmConfig, { defaultAppKey: deps.crm.connections?.defaultServiceTitanAppKey ?? undefined });
  if (!parsed.ok) throw badRequest(parsed.message, parsed.issues);
  return parsed.value;
}

/** Onboarding: the credentials wait under the slug until the run creates the org (the run never sees them). */
export async function stageOnboardingCrmConnection(deps: ApiDeps, slug: string, connection: CrmConnection | null): Promise<boolean> {
  if (!connection) {
    await deps.crm.connections?.store.discardStaged(slug);
    return false;
  }
  await connectionsOf(deps).store.stage(slug, connection);
  return true;
}

/**
 * Sets or replaces an organization's CRM connection; unless told to skip, only credentials the CRM accepts
 * are kept. The organization's crm_name follows (OrganizationCrmConnected): the agent tools, CRM links and
 * the capacity engine read it.
 */
export async function saveCrmConnection(deps: ApiDeps, orgId: string, connection: CrmConnection, skipCrmTest: boolean, origin: CommandOrigin): Promise<void> {
  const connections = connectionsOf(deps);
  if (!skipCrmTest) {
    try {
      await connections.verify(connection);
    } catch (err) {
      // Only a refusal says the credentials are wrong; an outage or rate limit is not theirs (as in onboarding).
      if (!(err instanceof CrmError) || err.retryable) throw err;
      throw badRequest(`The ${CRM_VENDOR_NAMES[connection.crmName]} credentials in crm_config did not work: ${err.message}`);
    }
  }
  await connections.store.save(orgId, connection);
  await publishCommand(deps.crm.events, origin, [
    { type: 'OrganizationCrmConnected', aggregateId: orgId, orgId, data: { orgId, crmName: connection.crmName } },
  ]);
}

/** What the API shows of a connection: crm_name and crm_config with every secret masked. */
export function shownConnection(orgId: string, connection: CrmConnection | null | undefined) {
  return connection
    ? { orgId, connected: true, crm_name: connection.crmName, crm_config: maskedCrmConfig(connection) }
    : { orgId, connected: false, crm_name: null, crm_config: null };
}

export async function showCrmConnection(deps: ApiDeps, orgId: string) {
  return shownConnection(orgId, await deps.crm.connections?.store.find(orgId));
}
