import { defineRoute } from '../../http/route';
import { publicView } from '../../use-cases/widgets';
import { PublicWidgetSchema, WidgetIdParamsSchema } from './widget.schema';

export const publicWidgetRoute = defineRoute({
  method: 'get',
  path: '/widget/:widgetId',
  summary:
    "The widget as the embedded widget app reads it (001 §7 GET /widget/{widgetId}): theme, colours, logo, steps, flags and the org's timezone. Public and abuse-limited; a disabled or unknown widget is 404",
  tag: 'Widgets',
  access: { kind: 'public' },
  request: { params: WidgetIdParamsSchema },
  response: { schema: PublicWidgetSchema, description: 'The enabled widget' },
  errors: [404],
  async handler({ params, deps }) {
    return publicView(deps, params.widgetId);
  },
});
