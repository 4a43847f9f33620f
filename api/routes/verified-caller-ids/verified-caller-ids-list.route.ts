import { defineRoute } from '../../http/route';
import { toView } from '../../use-cases/verified-caller-ids';
import { OrgParamsSchema, VerifiedCallerIdListSchema } from './verified-caller-ids.schema';

export const listVerifiedCallerIdsRoute = defineRoute({
  method: 'get',
  path: '/verified-caller-ids/by-org/:orgId',
  summary: "The org's verified outbound caller IDs (spec 001 §2.17), verified or waiting for their code",
  tag: 'Verified caller IDs',
  access: { kind: 'org', orgIdOf: ({ params }) => params.orgId },
  request: { params: OrgParamsSchema },
  response: { schema: VerifiedCallerIdListSchema, description: 'Oldest first' },
  errors: [307, 401],
  async handler({ orgId, deps }) {
    return (await deps.callerIds.repository.listByOrg(orgId!)).map(toView);
  },
});
