import { defineRoute } from '../../http/route';
import { showGoLiveChecklist } from '../../use-cases/go-live';
import { GoLiveChecklistSchema, GoLiveQuerySchema } from './go-live.schema';

export const goLiveChecklistRoute = defineRoute({
  method: 'get',
  path: '/org/go-live',
  summary: 'What an organization still needs before it goes live: an inbound agent, hours, a CRM, someone told about calls',
  tag: 'Organizations',
  access: { kind: 'org', orgIdOf: ({ query }) => query.orgId },
  request: { query: GoLiveQuerySchema },
  response: { schema: GoLiveChecklistSchema, description: 'The checklist, each requirement met or what to do' },
  errors: [307, 401, 404],
  async handler({ orgId, deps }) {
    const checklist = await showGoLiveChecklist(deps, orgId!);
    return { orgId: orgId!, onboarding_status: checklist.onboardingStatus, ready: checklist.ready, items: checklist.items };
  },
});
