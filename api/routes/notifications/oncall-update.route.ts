import { defineRoute } from '../../http/route';
import { commandOrigin, publishCommand } from '../../http/publish-command';
import { OncallUpdateBodySchema, OncallUpdateResponseSchema } from './notifications.schema';

export const oncallUpdateRoute = defineRoute({
  method: 'post',
  path: '/org/oncall/update/new',
  summary: 'Replaces one month of the on-call schedule (001 §7)',
  tag: 'On-call',
  access: { kind: 'org', orgIdOf: ({ body }) => body.orgId },
  request: { body: OncallUpdateBodySchema },
  response: { schema: OncallUpdateResponseSchema, description: 'The saved month; the read model follows the event' },
  errors: [307, 401],
  async handler({ body, orgId, user, deps, req }) {
    await publishCommand(deps.notifications.events, commandOrigin({ req, user }), [
      {
        type: 'OncallScheduleChanged',
        aggregateId: orgId!,
        orgId: orgId!,
        data: { orgId: orgId!, month: body.month, days: body.assignments, cachedEmployeeDetails: body.cached_employee_details },
      },
    ]);
    return { success: true as const, month: body.month, assignments: body.assignments };
  },
});
