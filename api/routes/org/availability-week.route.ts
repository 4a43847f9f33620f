import type { CrmName, Timezone } from '../../../domain/organization/organization-settings.schema';
import { addDays, weekdayOf } from '../../../domain/time/calendar';
import { toZonedParts } from '../../../domain/time/zoned-time';
import { weekCapacity } from '../../../domain/capacity/week-capacity';
import { WEEKDAYS } from '../../../domain/organization/organization-settings.schema';
import { notFound } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { loadCapacityCrmData } from '../../../activities/agent-tools/check-org-capacity';
import { AvailabilityWeekSchema, WeekQuerySchema } from './availability.schema';

export const availabilityWeekRoute = defineRoute({
  method: 'get',
  path: '/org/availability/week',
  summary: 'Open capacity per technician and zone for a week from `start` (default: this week’s Monday), for the availability grid',
  tag: 'Capacity',
  access: { kind: 'org', orgIdOf: ({ query }) => query.id ?? query.orgId ?? null },
  request: { query: WeekQuerySchema },
  response: { schema: AvailabilityWeekSchema, description: 'Seven days of shift, booked and open hours' },
  errors: [307, 401, 404],
  async handler({ orgId, query, deps }) {
    const view = await deps.capacity.repository.view(orgId!);
    if (!view) throw notFound('Organization not found');
    const today = toZonedParts(new Date(), view.timezone).date;
    const start = query.start ?? addDays(today, -WEEKDAYS.indexOf(weekdayOf(today)));
    const empty = { technicians: [], shifts: [], appointments: [], zones: [] };
    const crm = (view.crm_name as CrmName) === 'NONE' ? empty : await loadCapacityCrmData(deps.crm.provider.forOrganization(orgId!), view.timezone, start, 7);
    const week = weekCapacity({
      start,
      timeZone: view.timezone,
      regularHours: view.availability.regularHours,
      holidays: view.availability.holidays,
      ...crm,
      excludeTechnicianIds: Object.values(view.defaultDummyTechs),
    });
    return { timezone: view.timezone as Timezone, ...week };
  },
});
