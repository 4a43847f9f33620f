import { OpenAPIRegistry, OpenApiGeneratorV3 } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { ErrorBodySchema } from '../../domain/contracts/errors.contract';
import type { AnyRoute } from '../http/route';

const RedirectBodySchema = z.object({ redirect: z.string(), status: z.literal(307) });
/** The 307 also names the login page in Location (the body's redirect). */
const RedirectHeadersSchema = z.object({ Location: z.string() });

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input; the message names what is wrong (text with a NUL character or not valid UTF-8 included), and `issues` lists each failed check by field path',
  401: 'Not allowed',
  403: 'Refused where it comes from (a widget used on a site it does not name)',
  404: 'Not found',
  413: 'Request body over the size limit',
  429: 'Too many requests from this address or for this account; Retry-After says when to try again',
  500: 'Unexpected failure (no internals are disclosed)',
  503: 'A service the request needs (a vendor API) is out of reach for now; nothing was changed, send it again later',
};

/** The statuses every route of this access kind and method can answer before its handler runs (api/http/register-routes.ts, api/app.ts). */
function statusesOf(route: AnyRoute): (307 | 401 | 413 | 429)[] {
  const access = route.access;
  const kind = access.kind;
  const redirects = kind === 'session' || kind === 'org' || (kind === 'operator' && access.loginRedirect === true);
  return [
    ...(redirects ? [307 as const] : []),
    ...(kind === 'operator' || kind === 'org' ? [401 as const] : []),
    // The body parsers read any request's body before routing, up to their limit.
    ...(route.method !== 'get' ? [413 as const] : []),
    // Every public route sits behind an abuse limit (api/http/abuse-limits.ts).
    ...(kind === 'public' ? [429 as const] : []),
  ];
}

/** The OpenAPI document, generated from the same zod schemas the routes validate with. */
export function buildOpenApiDocument(routes: AnyRoute[]) {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'session', { type: 'apiKey', in: 'cookie', name: 'homeagent_session' });
  registry.registerComponent('securitySchemes', 'adminToken', { type: 'http', scheme: 'bearer' });

  for (const route of routes) {
    const json = (schema: z.ZodType, description: string, type = 'application/json') => ({ description, content: { [type]: { schema } } });
    const responses: Record<string, ReturnType<typeof json> | { description: string; headers?: typeof RedirectHeadersSchema }> = {
      [route.response.status ?? 200]:
        route.response.status === 204
          ? { description: route.response.description }
          : json(route.response.schema, route.response.description, route.response.contentType),
      400: json(ErrorBodySchema, ERROR_DESCRIPTIONS[400]),
      500: json(ErrorBodySchema, ERROR_DESCRIPTIONS[500]),
    };
    for (const error of [...statusesOf(route), ...(route.errors ?? [])]) {
      if (typeof error === 'object') {
        responses[error.status] = json(error.schema, error.description);
        continue;
      }
      responses[error] =
        error === 307
          ? {
              ...json(RedirectBodySchema, 'No session: go to the login page'),
              headers: RedirectHeadersSchema,
            }
          : json(ErrorBodySchema, ERROR_DESCRIPTIONS[error]);
    }
    const kind = route.access.kind;
    registry.registerPath({
      method: route.method,
      path: route.path.replace(/:(\w+)/g, '{$1}'),
      summary: route.summary,
      tags: [route.tag],
      security: kind === 'public' ? [] : kind === 'operator' ? [{ session: [] }, { adminToken: [] }] : [{ session: [] }],
      request: {
        query: route.request?.query,
        params: route.request?.params,
        body: route.request?.rawBody
          ? {
              description: route.request.rawBody.description,
              content: Object.fromEntries(route.request.rawBody.contentTypes.map((t) => [t, { schema: { type: 'string' as const, format: 'binary' } }])),
            }
          : route.request?.body
            ? { content: { 'application/json': { schema: route.request.body } } }
            : undefined,
      },
      responses,
    });
  }

  return new OpenApiGeneratorV3(registry.definitions).generateDocument({
    openapi: '3.0.3',
    info: {
      title: 'HomeAgent API',
      version: '0.1.0',
      description: 'AI voice and chat agents for home-service contractors. Errors use {error, status, message}.',
    },
  });
}
