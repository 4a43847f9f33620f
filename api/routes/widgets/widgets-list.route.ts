import { defineRoute } from '../../http/route';
import { listWidgets } from '../../use-cases/widgets';
import { OrgIdQuerySchema, WidgetListSchema } from './widget.schema';

export const listWidgetsRoute = defineRoute({
  method: 'get',
  path: '/widgets',
  summary: "The org's website widgets, oldest first (the staff widgets page)",
  tag: 'Widgets',
  access: { kind: 'org', orgIdOf: ({ query }) => query.orgId },
  request: { query: OrgIdQuerySchema },
  response: { schema: WidgetListSchema, description: 'Oldest first' },
  errors: [307, 401],
  async handler({ orgId, deps }) {
    return listWidgets(deps, orgId!);
  },
});
