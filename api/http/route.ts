import type { Request, Response } from 'express';
import type { z } from 'zod';
import type { StaffIdentity } from '../repositories/staff.repository';
import type { ApiDeps } from '../deps';

/**
 * Who may call a route:
 * - public: anyone;
 * - session: a logged-in staff user (otherwise 307 to the login page);
 * - operator: an internal operator, by session or admin token (otherwise 401, or 307 without any credentials when loginRedirect);
 * - org: a logged-in user who belongs to the organization the request names (otherwise 401).
 */
export type Access<I> =
  | { kind: 'public' }
  | { kind: 'session' }
  /** loginRedirect: without a session or the admin token, 307 to the login page instead of 401. */
  | { kind: 'operator'; loginRedirect?: boolean }
  | {
      kind: 'org';
      orgIdOf: (input: I, deps: ApiDeps) => Promise<string | null> | string | null;
      /**
       * inInput: orgIdOf only reads the validated input (no deps, no lookup, no throw), so it may run before the
       * session is checked, and the session and the membership are read in one statement (a hot read path).
       */
      inInput?: boolean;
    };

export type ErrorStatus = 307 | 401 | 403 | 404 | 429 | 503;

export interface RouteInput<Q, B, P> {
  query: Q;
  body: B;
  params: P;
}

export interface RouteContext<Q, B, P> extends RouteInput<Q, B, P> {
  user: StaffIdentity | null;
  /** The org id checked by the org access rule, when the route has one. */
  orgId: string | null;
  deps: ApiDeps;
  req: Request;
  res: Response;
}

export interface RouteDefinition<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  P extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Express path syntax (/calls/:callId); the OpenAPI document shows {callId}. */
  path: string;
  summary: string;
  tag: string;
  access: Access<RouteInput<z.infer<Q>, z.infer<B>, z.infer<P>>>;
  /**
   * rawBody: the body is bytes of these types (an upload), handed to the handler as a Buffer in `body` instead of
   * JSON; `app.ts` must read that path with express.raw.
   */
  request?: { query?: Q; body?: B; params?: P; rawBody?: { contentTypes: string[]; description: string } };
  /** Success status (default 200) and the schema of its body. */
  /** contentType: what the handler itself writes instead of JSON (a CSV download, a server-sent event stream). */
  /**
   * checkedInProduction false: the handler builds exactly the schema's shape from typed rows (no field beyond it), so
   * with NODE_ENV=production the body is sent as built; every other environment (the tests) still parses it with the
   * schema. Leave it unset wherever the schema's parse strips or converts anything.
   */
  response: {
    status?: 200 | 201 | 204;
    schema: R;
    description: string;
    contentType?: 'text/csv' | 'text/event-stream' | 'image/*';
    checkedInProduction?: boolean;
  };
  /**
   * Error statuses the handler itself answers, in the common body unless a schema is given. The document adds
   * the rest from the route: 400 (validation, text input), 307 and 401 from its access rule, 413 for a body over
   * the limit, 429 on public routes (api/http/abuse-limits.ts), 500.
   */
  errors?: (ErrorStatus | { status: ErrorStatus | 400 | 500; schema: z.ZodType; description: string })[];
  handler: (ctx: RouteContext<z.infer<Q>, z.infer<B>, z.infer<P>>) => Promise<z.infer<R>>;
}

/** Identity function that keeps each route's schema types attached to its handler. */
export function defineRoute<Q extends z.ZodType, B extends z.ZodType, P extends z.ZodType, R extends z.ZodType>(
  def: RouteDefinition<Q, B, P, R>,
): RouteDefinition<Q, B, P, R> {
  return def;
}

export type AnyRoute = RouteDefinition<any, any, any, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
