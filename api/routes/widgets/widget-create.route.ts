import { defineRoute } from '../../http/route';
import { createWidget } from '../../use-cases/widgets';
import { CreateWidgetRequestSchema, WidgetSchema } from './widget.schema';

export const createWidgetRoute = defineRoute({
  method: 'post',
  path: '/widget',
  summary:
    'Creates a website chat/booking widget for the org (001 §2.6) with the defaults: welcome title "Book Online Now", a working set of steps (greeting → service → booking), enabled and not live',
  tag: 'Widgets',
  access: { kind: 'org', orgIdOf: ({ body }) => body.orgId },
  request: { body: CreateWidgetRequestSchema },
  response: { status: 201, schema: WidgetSchema, description: 'The new widget' },
  errors: [307, 401, 404],
  async handler({ body, orgId, user, deps, req }) {
    return createWidget(deps, { req, user }, { orgId: orgId!, businessName: body.business_name });
  },
});
