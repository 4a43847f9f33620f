import { z } from 'zod';
import { CrmError, type CrmPort } from '../../../activities/crm/crm.port';
import type { ApiDeps } from '../../deps';
import { ApiError, badRequest, notFound } from '../../http/errors';
import { defineRoute, type RouteDefinition } from '../../http/route';
import type { OrganizationRow } from '../../../events/projections/organizations/organizations.repository';
import type { Response } from 'express';

/** Every /crm route names its organization in the query, whatever its method (DELETE and empty-body PUTs included). */
export const OrgQuerySchema = z.object({ orgId: z.uuid('orgId must be a UUID') });

export const NO_CRM_MESSAGE = 'This organization has no CRM connected';

interface CrmRouteContext<Q, B, P> {
  crm: CrmPort;
  org: OrganizationRow;
  query: Q;
  body: B;
  params: P;
  deps: ApiDeps;
  res: Response;
  correlationId: string;
}

export const UNSUPPORTED_MESSAGE = "This organization's CRM does not support this operation";

/**
 * CRM failures as API errors: unknown ids are 404, refusals 400; outages stay 500 (their message is not shown).
 * An operation the org's CRM cannot do is the caller's 400, not our 500: the spec's codes have no 501, and
 * retrying will not help. Vendor adapters already say which CRM and why; any other message gets the sentence.
 */
export function crmFailure(err: unknown): unknown {
  if (!(err instanceof CrmError)) return err;
  if (err.code === 'NOT_FOUND') return notFound(err.message);
  if (err.code === 'INVALID_REQUEST' || err.code === 'CONFLICT' || err.code === 'NOT_CONFIGURED') return new ApiError(400, err.message);
  if (err.code === 'UNSUPPORTED') return new ApiError(400, /does not support/i.test(err.message) ? err.message : `${UNSUPPORTED_MESSAGE}: ${err.message}`);
  return err;
}

/** Dates become ISO strings here, once, so the response schemas describe the wire shape. */
const toWire = (value: unknown): unknown => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

/** A /crm route of spec 000 §7: org-scoped, answered by the org's CRM through the port. */
export function crmRoute<Q extends z.ZodRawShape, B extends z.ZodType, P extends z.ZodType, R extends z.ZodType>(def: {
  method: RouteDefinition['method'];
  path: string;
  summary: string;
  query?: Q;
  body?: B;
  params?: P;
  response: R;
  description: string;
  status?: 200 | 201;
  run: (ctx: CrmRouteContext<z.infer<z.ZodObject<Q & typeof OrgQuerySchema.shape>>, z.infer<B>, z.infer<P>>) => Promise<unknown>;
}) {
  const query = OrgQuerySchema.extend(def.query ?? ({} as Q));
  return defineRoute({
    method: def.method,
    path: def.path,
    summary: def.summary,
    tag: 'CRM',
    access: { kind: 'org', orgIdOf: ({ query: q }) => (q as { orgId: string }).orgId },
    request: { query, ...(def.body ? { body: def.body } : {}), ...(def.params ? { params: def.params } : {}) } as { query: typeof query; body?: B; params?: P },
    response: { status: def.status, schema: def.response, description: def.description },
    errors: [307, 401, 404],
    async handler({ orgId, query: q, body, params, deps, res, req }) {
      const org = await deps.organizations.findById(orgId!);
      if (!org) throw notFound('Organization not found');
      if (org.crmName === 'NONE') throw badRequest(NO_CRM_MESSAGE);
      try {
        const result = await def.run({
          crm: deps.crm.provider.forOrganization(org.id),
          org,
          query: q as never,
          body: body as z.infer<B>,
          params: params as z.infer<P>,
          deps,
          res,
          correlationId: req.correlationId,
        });
        return toWire(result) as z.infer<R>;
      } catch (err) {
        throw crmFailure(err);
      }
    },
  });
}

/** A query value that may be repeated (?a=1&a=2) or comma-separated. */
export const queryList = z.preprocess(
  (v) =>
    v === undefined || v === ''
      ? undefined
      : (Array.isArray(v) ? v : [v])
          .flatMap((x) => String(x).split(','))
          .map((x) => x.trim())
          .filter(Boolean),
  z.array(z.string()).optional(),
);

export const queryDate = (name: string) =>
  z.preprocess(
    (v) => (v === undefined || v === '' ? undefined : v),
    z
      .string(`${name} must be a date`)
      .refine((v) => !Number.isNaN(Date.parse(v)), `${name} must be a date`)
      .transform((v) => new Date(v))
      .optional(),
  );

export const queryInt = (name: string) =>
  z.preprocess(
    (v) => (v === undefined || v === '' ? undefined : Number(v)),
    z.number(`${name} must be a whole number`).int(`${name} must be a whole number`).min(1, `${name} must be at least 1`).optional(),
  );

export const PagingQuery = { page: queryInt('page'), pageSize: queryInt('pageSize') };

export const IdParam = (name: string) => z.object({ [name]: z.string().min(1) }) as z.ZodObject<Record<string, z.ZodString>>;

export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({ page: z.number(), pageSize: z.number(), hasMore: z.boolean(), totalCount: z.number(), data: z.array(item) });

/** Spec 000 §5 "CRM query filters": a records query needs at least one filter besides paging. */
export const AT_LEAST_ONE_QUERY_PARAMETER = 'At least one query parameter must be provided.';
export function requireSomeFilter(query: Record<string, unknown>) {
  const { orgId: _o, page: _p, pageSize: _s, ...filters } = query;
  if (!Object.values(filters).some((v) => v !== undefined)) throw badRequest(AT_LEAST_ONE_QUERY_PARAMETER);
}

export const SuccessSchema = z.object({ success: z.boolean() });
export const ChangedSchema = z.object({ changed: z.boolean() });
