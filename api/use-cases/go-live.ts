import { goLiveChecklist, notReadyMessage, type GoLiveChecklist, type GoLiveFacts } from '../../domain/organization/go-live';
import { INBOUND_AGENT_TYPES } from '../../domain/interaction/interaction.schema';
import { NotificationSettingsSchema } from '../../domain/notifications/recipients';
import { CrmNameSchema, WeeklyHoursSchema } from '../../domain/organization/organization-settings.schema';
import type { EventPublisher } from '../../events/bus/event-bus.port';
import type { ApiDeps } from '../deps';
import { badRequest, notFound } from '../http/errors';
import { publishCommand, type CommandOrigin } from '../http/publish-command';
import { awaitReadModel } from './await-read-model';

/** What going live reads besides the organization's own row. */
export interface GoLiveDeps {
  events: EventPublisher;
  /** CRM_ADAPTER: where bookings go when the organization has no CRM credentials of its own. */
  deploymentCrm: GoLiveFacts['deploymentCrm'];
}

async function factsOf(deps: ApiDeps, orgId: string): Promise<GoLiveFacts> {
  const org = await deps.organizations.findById(orgId);
  if (!org) throw notFound('Organization not found');
  const availability = (org.availabilityConfig ?? {}) as { regularHours?: unknown };
  const settings = NotificationSettingsSchema.safeParse(org.notificationSettings ?? []);
  const schedule = (org.oncallSchedule ?? {}) as Record<string, unknown>;
  const [agents, ownConnection, teamChatHook] = await Promise.all([
    // Recorded agents only: the built-in defaults every organization has are not one it set up.
    deps.agents.repository.listAgents(orgId),
    deps.crm.connections?.store.find(orgId) ?? Promise.resolve(null),
    deps.delivery.teamChat.find(orgId),
  ]);
  return {
    onboardingStatus: org.onboardingStatus === 'LIVE' ? 'LIVE' : 'TESTING',
    inboundAgents: agents.filter((a) => INBOUND_AGENT_TYPES.includes(a.agent_type)).length,
    regularHours: WeeklyHoursSchema.catch({}).parse(availability.regularHours ?? {}),
    crmName: CrmNameSchema.catch('NONE').parse(org.crmName),
    ownCrmConnection: Boolean(ownConnection),
    deploymentCrm: deps.goLive.deploymentCrm,
    notificationSettings: settings.success ? settings.data : [],
    reachable: {
      officeEmail: org.officeEmail !== '',
      teamChat: teamChatHook !== null,
      ccPhones: org.ccPhoneNumbers.length > 0,
      onCall: Object.values(schedule).some((day) => Array.isArray(day) && day.length > 0),
    },
  };
}

export async function showGoLiveChecklist(deps: ApiDeps, orgId: string): Promise<GoLiveChecklist> {
  return goLiveChecklist(await factsOf(deps, orgId));
}

/**
 * TESTING → LIVE (OrganizationWentLive) once every requirement holds; going live again is a no-op, so a
 * double click or a retried request publishes nothing more.
 */
export async function takeOrganizationLive(deps: ApiDeps, orgId: string, origin: CommandOrigin): Promise<{ alreadyLive: boolean }> {
  const checklist = await showGoLiveChecklist(deps, orgId);
  if (checklist.onboardingStatus === 'LIVE') return { alreadyLive: true };
  if (!checklist.ready) throw badRequest(notReadyMessage(checklist));
  await publishCommand(deps.goLive.events, origin, [{ type: 'OrganizationWentLive', aggregateId: orgId, orgId, data: { orgId } }]);
  await awaitReadModel(async () => (await deps.organizations.findById(orgId))?.onboardingStatus === 'LIVE');
  return { alreadyLive: false };
}
