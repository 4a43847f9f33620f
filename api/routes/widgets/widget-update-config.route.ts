import { defineRoute } from '../../http/route';
import { findOwnWidget, updateWidgetConfig } from '../../use-cases/widgets';
import { UpdateWidgetConfigRequestSchema, WidgetSchema } from './widget.schema';

export const updateWidgetConfigRoute = defineRoute({
  method: 'put',
  path: '/widget/update/config',
  summary:
    'Saves a widget\'s configuration (001 §7 PUT /widget/update/config): the fields given replace the saved ones (steps and services whole); the steps must include "start" and every nextStep must name a step',
  tag: 'Widgets',
  access: { kind: 'org', orgIdOf: ({ body }) => body.orgId },
  request: { body: UpdateWidgetConfigRequestSchema },
  response: { schema: WidgetSchema, description: 'The saved widget' },
  errors: [307, 401, 404],
  async handler({ body, orgId, user, deps, req }) {
    const widget = await findOwnWidget(deps, orgId!, body.widgetId);
    return updateWidgetConfig(deps, { req, user }, widget, body);
  },
});
