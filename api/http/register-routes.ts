import { isDeepStrictEqual } from 'node:util';
import type { Request, Response, Router } from 'express';
import { z } from 'zod';
import type { ApiDeps } from '../deps';
import type { StaffIdentity } from '../repositories/staff.repository';
import { badRequest, LoginRedirect, unauthorized, validationError } from './errors';
import type { AnyRoute } from './route';
import { bearerToken, readSessionToken } from './session';
import { textInputProblem } from './text-input';
import { timingSafeEqual } from 'node:crypto';

async function sessionUser(req: Request, deps: ApiDeps): Promise<StaffIdentity | null> {
  const token = readSessionToken(req);
  if (!token) return null;
  return deps.sessions.findIdentity(token);
}

function hasAdminToken(req: Request, deps: ApiDeps): boolean {
  const expected = deps.config.ADMIN_API_TOKEN;
  const given = bearerToken(req);
  if (!expected || !given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function parse<S extends z.ZodType | undefined>(schema: S, value: unknown): unknown {
  if (!schema) return value;
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

/** Wires each route: who may call it, input validation, the handler, and the success body. */
export function registerRoutes(router: Router, routes: AnyRoute[], deps: ApiDeps) {
  for (const route of routes) {
    router[route.method](route.path, async (req, res) => {
      const access = route.access;
      // Before any schema, query or event: text that Postgres or a projection could not hold is the caller's error.
      // A raw upload's bytes are a file, not text: they are the handler's to check.
      const raw = route.request?.rawBody !== undefined;
      const readInput = () => {
        const problem = textInputProblem(req.params, 'path') ?? textInputProblem(req.query, 'query') ?? (raw ? null : textInputProblem(req.body, 'body'));
        if (problem) throw badRequest(problem);
        return {
          query: parse(route.request?.query, req.query),
          params: parse(route.request?.params, req.params),
          body: raw ? (Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0)) : parse(route.request?.body, req.body ?? {}),
        };
      };
      if (access.kind === 'org' && access.inInput) {
        // The organization is named in the input: the input is read first, and the session, its user and the
        // membership are one statement. The answers and their order are the other routes': 307 without a live
        // session, then the input's 400, then 401 for an organization that is not the user's.
        let input: ReturnType<typeof readInput> | null = null;
        let inputError: unknown = null;
        try {
          input = readInput();
        } catch (err) {
          inputError = err;
        }
        const token = readSessionToken(req);
        const orgIdOfInput = input ? ((await access.orgIdOf(input, deps)) ?? null) : null;
        const found = !token ? null : orgIdOfInput ? await deps.sessions.findIdentityWithAccess(token, orgIdOfInput) : await identityOnly(token, deps);
        if (!found) throw new LoginRedirect();
        if (!input) throw inputError;
        if (!orgIdOfInput || !found.canAccess) throw unauthorized('You do not have access to this organization');
        return answer(route, res, deps, await runHandler(route, { ...input, user: found.user, orgId: orgIdOfInput, deps, req, res }));
      }
      const user = access.kind === 'public' ? null : await sessionUser(req, deps);
      if (access.kind === 'session' || access.kind === 'org') {
        if (!user) throw new LoginRedirect();
      }
      if (access.kind === 'operator' && !user?.isOperator && !hasAdminToken(req, deps)) {
        if (access.loginRedirect && !user && !bearerToken(req)) throw new LoginRedirect();
        throw unauthorized('Operator access required');
      }
      const input = readInput();
      let orgId: string | null = null;
      if (access.kind === 'org') {
        orgId = await access.orgIdOf(input, deps);
        // Same answer for "no such org" and "not yours": existence is not disclosed across tenants.
        if (!orgId || !(await deps.staff.canAccessOrganization(user!, orgId))) {
          throw unauthorized('You do not have access to this organization');
        }
      }
      answer(route, res, deps, await runHandler(route, { ...input, user, orgId, deps, req, res }));
    });
  }
}

/** A session's user, without an organization to check (an org route whose input names none gets a 401 after it). */
async function identityOnly(token: string, deps: ApiDeps): Promise<{ user: StaffIdentity; canAccess: boolean } | null> {
  const user = await deps.sessions.findIdentity(token);
  return user ? { user, canAccess: false } : null;
}

async function runHandler(route: AnyRoute, ctx: Parameters<AnyRoute['handler']>[0]): Promise<unknown> {
  return route.handler(ctx).catch((err: unknown) => {
    // A handler that validates a part of its input itself (a nested payload, a merged edit) throws zod's error.
    if (err instanceof z.ZodError) throw validationError(err);
    throw err;
  });
}

/** The success body: checked with the response schema, except in production for a route built to its exact shape. */
function answer(route: AnyRoute, res: Response, deps: ApiDeps, result: unknown) {
  if (res.headersSent) return; // the handler answered in a shape of its own (heartbeat's 500)
  const status = route.response.status ?? 200;
  if (status === 204) {
    res.status(204).end();
    return;
  }
  if (route.response.checkedInProduction !== false) {
    sendJson(route, res, status, route.response.schema.parse(result));
    return;
  }
  if (deps.config.NODE_ENV !== 'production') {
    // Production sends this body as built: everywhere else it must already be its schema's parse (no field the schema
    // would strip, add or reshape), so a test catches the builder drifting from the schema before production does.
    const parsed: unknown = route.response.schema.parse(result);
    if (!isDeepStrictEqual(JSON.parse(JSON.stringify(parsed)), JSON.parse(JSON.stringify(result))))
      throw new Error(`${route.method.toUpperCase()} ${route.path} built a body its response schema changes; production would send it unchanged`);
  }
  sendJson(route, res, status, result);
}

/**
 * A JSON body as express's res.json sends it, except that only a GET's carries an ETag: express hashes every body it
 * sends (copied into a Buffer first) but answers 304 to a GET or HEAD only, so a POST's ETag (the Calls page's 200
 * entries, about 200 KB) was CPU for nothing; no client here sends If-Match.
 */
function sendJson(route: AnyRoute, res: Response, status: number, body: unknown) {
  if (route.method === 'get') {
    res.status(status).json(body);
    return;
  }
  // res.json sends an empty body for undefined, as this does.
  const text = JSON.stringify(body) ?? '';
  res.status(status).type('json').setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}
