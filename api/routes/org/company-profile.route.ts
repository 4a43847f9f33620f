import { defineRoute } from '../../http/route';
import { commandOrigin } from '../../http/publish-command';
import { changeCompanyProfile, showCompanyProfile } from '../../use-cases/org-profile';
import { CompanyProfileQuerySchema, CompanyProfileSchema, UpdateCompanyProfileBodySchema } from './company-profile.schema';

export const getCompanyProfileRoute = defineRoute({
  method: 'get',
  path: '/org/company-profile',
  summary: "The organization's company profile (spec 001 §2.13); every field null before the first save",
  tag: 'Organizations',
  access: { kind: 'org', orgIdOf: ({ query }) => query.orgId },
  request: { query: CompanyProfileQuerySchema },
  response: { schema: CompanyProfileSchema, description: 'The company profile' },
  errors: [307, 401, 404],
  handler: ({ orgId, deps }) => showCompanyProfile(deps, orgId!),
});

export const updateCompanyProfileRoute = defineRoute({
  method: 'patch',
  path: '/org/company-profile',
  summary: 'Changes the fields of the company profile that are sent (null clears one)',
  tag: 'Organizations',
  access: { kind: 'org', orgIdOf: ({ body }) => body.orgId },
  request: { body: UpdateCompanyProfileBodySchema },
  response: { schema: CompanyProfileSchema, description: 'The profile as saved; the read model follows the event' },
  errors: [307, 401, 404],
  handler: ({ body, orgId, user, deps, req }) => {
    const { orgId: _org, ...changes } = body;
    return changeCompanyProfile(deps, orgId!, changes, commandOrigin({ req, user }));
  },
});
