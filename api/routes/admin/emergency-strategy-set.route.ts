import { notFound } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { commandOrigin, publishCommand } from '../../http/publish-command';
import { SetEmergencyStrategyBodySchema, SetEmergencyStrategyResponseSchema } from './emergency-strategy.schema';

export const setEmergencyStrategyRoute = defineRoute({
  method: 'put',
  path: '/emergency-strategy',
  summary: "Sets an organization's emergency slot strategy (admin); the rest of its emergency config is kept",
  tag: 'Admin',
  access: { kind: 'operator' },
  request: { body: SetEmergencyStrategyBodySchema },
  response: { schema: SetEmergencyStrategyResponseSchema, description: 'The emergency config as saved; the read model follows the event' },
  errors: [401, 404],
  async handler({ body, user, deps, req }) {
    const view = await deps.capacity.repository.view(body.orgId);
    if (!view) throw notFound('Organization not found');
    const emergency_config = { ...view.emergency_config, slotStrategy: body.slotStrategy };
    await publishCommand(deps.capacity.events, commandOrigin({ req, user }, 'admin-token'), [
      { type: 'OrganizationAvailabilityChanged', aggregateId: body.orgId, orgId: body.orgId, data: { orgId: body.orgId, settings: { emergency_config } } },
    ]);
    return { success: true as const, message: `Emergency slot strategy set to ${body.slotStrategy.name}`, emergency_config };
  },
});
