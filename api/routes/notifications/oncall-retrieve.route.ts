import { z } from 'zod';
import { OnCallDaySchema } from '../../../domain/notifications/recipients';
import { notFound } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { OncallRetrieveBodySchema, OncallRetrieveResponseSchema } from './notifications.schema';

export const oncallRetrieveRoute = defineRoute({
  method: 'post',
  path: '/org/oncall/retrieve/new',
  summary: 'One month of the on-call schedule (001 §7)',
  tag: 'On-call',
  access: { kind: 'org', orgIdOf: ({ body }) => body.orgId },
  request: { body: OncallRetrieveBodySchema },
  response: { schema: OncallRetrieveResponseSchema, description: "The month's assignments" },
  errors: [307, 401, 404],
  async handler({ body, orgId, deps }) {
    const schedule = await deps.notifications.repository.oncallSchedule(orgId!);
    if (!schedule) throw notFound('Organization not found');
    const days = z.array(OnCallDaySchema).safeParse(schedule[body.month] ?? []);
    return { month: body.month, assignments: days.success ? days.data : [] };
  },
});
