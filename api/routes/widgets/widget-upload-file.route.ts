import { defineRoute } from '../../http/route';
import { createWidgetUpload } from '../../use-cases/widgets';
import { WidgetFileUploadRequestSchema, WidgetFileUploadSchema } from './widget.schema';

export const widgetUploadFileRoute = defineRoute({
  method: 'post',
  path: '/widget/update/file',
  summary:
    '001 §7 POST /widget/update/file: a signed upload URL, valid 10 minutes, for one image (a logo) of the org’s widgets. PUT the bytes there with the headers given, then save fileUrl as the widget’s logo_url',
  tag: 'Widgets',
  access: { kind: 'org', orgIdOf: ({ body }) => body.orgId },
  request: { body: WidgetFileUploadRequestSchema },
  response: { schema: WidgetFileUploadSchema, description: 'Where and how to upload, and the URL the file is served at' },
  errors: [307, 401, 404],
  async handler({ body, orgId, deps }) {
    return createWidgetUpload(deps, orgId!, body);
  },
});
