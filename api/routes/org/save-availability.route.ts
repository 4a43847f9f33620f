import { randomUUID } from 'node:crypto';
import { createEvent } from '../../../events/catalog';
import { currentCorrelationId } from '../../../lib/correlation';
import { notFound } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { AvailabilityViewSchema, SaveAvailabilityBodySchema } from './availability.schema';
import { toAvailabilityView } from './availability-view';

export const saveAvailabilityRoute = defineRoute({
  method: 'put',
  path: '/org/availability',
  summary: 'Saves the availability view (spec 001 §2.10): the sections sent replace the stored ones',
  tag: 'Capacity',
  access: { kind: 'org', orgIdOf: ({ body }) => body.orgId },
  request: { body: SaveAvailabilityBodySchema },
  response: { schema: AvailabilityViewSchema, description: 'The view as saved; the read models follow the event' },
  errors: [307, 401, 404],
  async handler({ body, orgId, user, deps }) {
    const current = await deps.capacity.repository.view(orgId!);
    if (!current) throw notFound('Organization not found');
    const { orgId: _org, availability, ...sections } = body;
    const settings = {
      ...Object.fromEntries(Object.entries(sections).filter(([, v]) => v !== undefined)),
      ...(availability
        ? { availability: { ...availability, holidays: [...new Set(availability.holidays)].sort(), lastUpdatedAt: new Date().toISOString() } }
        : {}),
    };
    await deps.capacity.events.publish([
      createEvent({
        eventId: randomUUID(),
        type: 'OrganizationAvailabilityChanged',
        aggregateId: orgId!,
        orgId: orgId!,
        correlationId: currentCorrelationId() ?? randomUUID(),
        causationId: user ? `staff:${user.id}` : null,
        data: { orgId: orgId!, settings },
      }),
    ]);
    return toAvailabilityView({ ...current, ...settings });
  },
});
