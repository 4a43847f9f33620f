import { defineRoute } from '../../http/route';
import { configView, findOwnWidget, orgIdOfWidget } from '../../use-cases/widgets';
import { WidgetConfigViewSchema, WidgetIdQuerySchema } from './widget.schema';

export const widgetConfigRoute = defineRoute({
  method: 'get',
  path: '/widget',
  summary: "A widget's configuration for the staff screen (001 §7 GET /widget?widgetId): the widget with the org's zipcodes, timezone and CRM name",
  tag: 'Widgets',
  access: { kind: 'org', orgIdOf: ({ query }, deps) => orgIdOfWidget(deps, query.widgetId) },
  request: { query: WidgetIdQuerySchema },
  response: { schema: WidgetConfigViewSchema, description: 'The widget configuration view' },
  errors: [307, 401, 404],
  async handler({ query, orgId, deps }) {
    return configView(deps, await findOwnWidget(deps, orgId!, query.widgetId));
  },
});
