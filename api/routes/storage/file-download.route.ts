import { z } from 'zod';
import { notFound } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { StoredFileParamsSchema } from './storage.schema';

/** A file of the local storage adapter at its public URL (a widget's logo), as it was uploaded. */
export const fileDownloadRoute = defineRoute({
  method: 'get',
  path: '/storage/files/:key',
  summary:
    'A stored file (a widget’s logo) with the type it was uploaded as; public, for the widget on any site. 404 when unknown or when files are stored in S3',
  tag: 'Files',
  access: { kind: 'public' },
  request: { params: StoredFileParamsSchema },
  response: { schema: z.any(), description: 'The file’s bytes', contentType: 'image/*' },
  errors: [404],
  async handler({ params, res, deps }) {
    const file = deps.storage.local ? await deps.storage.local.readFile(params.key) : null;
    if (!file) throw notFound('File not found');
    res
      .status(200)
      .set({
        'content-type': file.contentType,
        'content-length': String(file.bytes.length),
        // Each key is issued once (a random part in it): the bytes never change.
        'cache-control': 'public, max-age=31536000, immutable',
        // Shown by widgets on the contractors' own sites, so not limited to this origin (helmet's default).
        'cross-origin-resource-policy': 'cross-origin',
      })
      .end(file.bytes);
  },
});
