import type { z } from 'zod';
import type { CrmName } from '../../domain/organization/organization-settings.schema';
import { zonedTimeToInstant } from '../../domain/time/zoned-time';
import { createEvent } from '../../events/catalog';
import type { OrgCapacityView } from '../../domain/capacity/capacity-check';
import type { CrmPort } from '../crm/crm.port';
import type { CrmProvider } from '../crm/crm.port';
import type { EventPublisher } from '../../events/bus/event-bus.port';
import type { CapacityRepository } from '../../events/projections/capacity-settings/capacity-settings.repository';
import type { OrganizationRow } from '../../events/projections/organizations/organizations.repository';
import type { Logger } from '../../lib/logger';
import type { CrmActionGateway } from './crm-action-gateway.port';
import { ToolArgumentError, toolArgumentErrorOf } from './tool-argument-error';
import type { ToolRequest } from './tool-request';

/** What the tools read and write: the org's CRM, durable CRM actions, interaction events and the availability view. */
export interface AgentToolDeps {
  logger: Logger;
  crm: {
    provider: CrmProvider;
    actions: CrmActionGateway;
    events: EventPublisher;
    /** How long a tool call waits for its action before telling the agent it is being saved. */
    actionWaitMs: number;
  };
  capacity: { repository: Pick<CapacityRepository, 'viewOf'> };
}

/** What one tool call runs with. */
export interface ToolContext {
  deps: AgentToolDeps;
  org: OrganizationRow;
  request: ToolRequest;
  correlationId: string;
  now: Date;
  /** The org's availability view, read at most once per tool call (capacityViewOf). */
  view?: Promise<OrgCapacityView>;
}

export const OFFER_CALLBACK = 'Offer the caller a callback from the office, and if they agree call create_action_callback_request.';

export function parseToolArgs<S extends z.ZodType>(schema: S, args: unknown): z.infer<S> {
  const r = schema.safeParse(args);
  if (!r.success) throw toolArgumentErrorOf(r.error);
  return r.data;
}

/** An org-local "2026-03-03T10:00[:00]" (already shape-checked) as an instant, optionally required to lie ahead. */
export function localInstant(
  name: string,
  local: string,
  ctx: ToolContext,
  mustBeFuture: boolean,
): { local: string; date: string; time: string; instant: Date } {
  const [date, clock] = local.split('T');
  const time = clock.slice(0, 5);
  let instant: Date;
  try {
    instant = zonedTimeToInstant(date, time, ctx.org.timezone);
  } catch {
    throw new ToolArgumentError(`${name} must be a date and time like 2026-03-03T10:00:00, without a time zone.`);
  }
  if (mustBeFuture && instant.getTime() <= ctx.now.getTime()) throw new ToolArgumentError(`${name} must be in the future.`);
  return { local: `${date}T${time}`, date, time, instant };
}

export const crmOfTool = (ctx: ToolContext): CrmPort | null =>
  (ctx.org.crmName as CrmName) === 'NONE' ? null : ctx.deps.crm.provider.forOrganization(ctx.org.id);

/** The org's availability view, read once per tool call (get_capacity needs its flags, then the whole of it). */
export function capacityViewOf(ctx: ToolContext): Promise<OrgCapacityView> {
  return (ctx.view ??= ctx.deps.capacity.repository.viewOf(ctx.org));
}

/** The scheduling feature flags of spec 000 §7 "Feature flags swap tool versions". */
export async function featureFlagsOf(ctx: ToolContext): Promise<{ has_zones: boolean; full_reschedule_and_cancel: boolean }> {
  const view = await capacityViewOf(ctx);
  return { has_zones: view.feature_flags.has_zones ?? false, full_reschedule_and_cancel: view.feature_flags.full_reschedule_and_cancel ?? false };
}

export async function recordToolEvent(ctx: ToolContext, name: 'get_jobs' | 'get_capacity' | 'get_capacity_error', metadata: Record<string, unknown>) {
  const interactionId = ctx.request.interactionId;
  if (!interactionId) return;
  const eventId = crypto.randomUUID();
  await ctx.deps.crm.events.publish([
    createEvent({
      eventId,
      type: 'InteractionEventRecorded',
      aggregateId: interactionId,
      orgId: ctx.org.id,
      correlationId: ctx.correlationId,
      causationId: null,
      data: { interactionId, orgId: ctx.org.id, recordId: eventId, name, metadata },
    }),
  ]);
}
