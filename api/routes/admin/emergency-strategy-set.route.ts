import { randomUUID } from 'node:crypto';
import { createEvent } from '../../../events/catalog';
import { currentCorrelationId } from '../../../lib/correlation';
import { notFound } from '../../http/errors';
import { defineRoute } from '../../http/route';
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
  async handler({ body, user, deps }) {
    const view = await deps.capacity.repository.view(body.orgId);
    if (!view) throw notFound('Organization not found');
    const emergency_config = { ...view.emergency_config, slotStrategy: body.slotStrategy };
    await deps.capacity.events.publish([
      createEvent({
        eventId: randomUUID(),
        type: 'OrganizationAvailabilityChanged',
        aggregateId: body.orgId,
        orgId: body.orgId,
        correlationId: currentCorrelationId() ?? randomUUID(),
        causationId: user ? `staff:${user.id}` : 'admin-token',
        data: { orgId: body.orgId, settings: { emergency_config } },
      }),
    ]);
    return { success: true as const, message: `Emergency slot strategy set to ${body.slotStrategy.name}`, emergency_config };
  },
});
