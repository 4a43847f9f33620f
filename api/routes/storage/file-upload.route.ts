import { ApiError, badRequest, notFound, unauthorized } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { StoredFileParamsSchema, UploadedSchema, UploadQuerySchema, UPLOAD_CONTENT_TYPES } from './storage.schema';

/**
 * The local storage adapter's upload URL (STORAGE_ADAPTER=local): what POST /widget/update/file hands out. Public,
 * since a browser PUTs to it as it would to S3; the signature in the URL (key, content type, expiry) is the permission.
 */
export const fileUploadRoute = defineRoute({
  method: 'put',
  path: '/storage/upload/:key',
  summary:
    'Receives one file at a signed upload URL of the local storage adapter: the Content-Type must be the one the URL was issued for, within 10 minutes, at most 2 MB. 404 when files are stored in S3',
  tag: 'Files',
  access: { kind: 'public' },
  request: {
    params: StoredFileParamsSchema,
    query: UploadQuerySchema,
    rawBody: { contentTypes: UPLOAD_CONTENT_TYPES, description: 'The file’s bytes' },
  },
  response: { status: 201, schema: UploadedSchema, description: 'Stored; the file is served at fileUrl' },
  errors: [401, 404],
  async handler({ params, query, body, req, deps }) {
    const local = deps.storage.local;
    if (!local) throw notFound('Files are not stored on this server');
    const result = await local.acceptUpload({
      key: params.key,
      contentType: req.get('content-type'),
      expires: query.expires,
      signature: query.signature,
      body: body as Buffer,
    });
    if (!result.ok) {
      if (result.reason === 'invalid_key') throw notFound('No such upload');
      if (result.reason === 'expired') throw unauthorized('This upload link has expired; ask for a new one');
      if (result.reason === 'bad_signature') throw unauthorized('This upload link is not valid for this file and content type');
      if (result.reason === 'too_large') throw new ApiError(413, `The file is too large (the limit is ${local.maxBytes} bytes)`);
      throw badRequest('The file is empty');
    }
    return { key: params.key, fileUrl: local.publicUrl(params.key), size: (body as Buffer).length };
  },
});
