import { notFound } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { commandOrigin, publishCommand } from '../../http/publish-command';
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
  async handler({ body, orgId, user, deps, req }) {
    const current = await deps.capacity.repository.view(orgId!);
    if (!current) throw notFound('Organization not found');
    const { orgId: _org, availability, ...sections } = body;
    const settings = {
      ...Object.fromEntries(Object.entries(sections).filter(([, v]) => v !== undefined)),
      ...(availability
        ? { availability: { ...availability, holidays: [...new Set(availability.holidays)].sort(), lastUpdatedAt: new Date().toISOString() } }
        : {}),
    };
    await publishCommand(deps.capacity.events, commandOrigin({ req, user }), [
      { type: 'OrganizationAvailabilityChanged', aggregateId: orgId!, orgId: orgId!, data: { orgId: orgId!, settings } },
    ]);
    return toAvailabilityView({ ...current, ...settings });
  },
});
