import { OpenAPIRegistry, OpenApiGeneratorV3 } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import type { AnyRoute } from '../http/route';

const ErrorBodySchema = z.object({ error: z.string(), status: z.number().int(), message: z.string() });
const RedirectBodySchema = z.object({ redirect: z.string(), status: z.literal(307) });
/** The 307 also names the login page in Location (the body's redirect). */
const RedirectHeadersSchema = z.object({ Location: z.string() });

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input; the message names what is wrong',
  401: 'Not allowed',
  404: 'Not found',
  429: 'Too many requests from this address or for this account; Retry-After says when to try again',
  500: 'Unexpected failure (no internals are disclosed)',
};

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
    for (const status of route.errors ?? []) {
      responses[status] =
        status === 307
          ? {
              ...json(RedirectBodySchema, 'No session: go to the login page'),
              headers: RedirectHeadersSchema,
            }
          : json(ErrorBodySchema, ERROR_DESCRIPTIONS[status]);
    }
    const kind = route.access.kind;
    // Every public route sits behind an abuse limit (api/http/abuse-limits.ts).
    if (kind === 'public') responses[429] = json(ErrorBodySchema, ERROR_DESCRIPTIONS[429]);
    registry.registerPath({
      method: route.method,
      path: route.path.replace(/:(\w+)/g, '{$1}'),
      summary: route.summary,
      tags: [route.tag],
      security: kind === 'public' ? [] : kind === 'operator' ? [{ session: [] }, { adminToken: [] }] : [{ session: [] }],
      request: {
        query: route.request?.query,
        params: route.request?.params,
        body: route.request?.body ? { content: { 'application/json': { schema: route.request.body } } } : undefined,
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
