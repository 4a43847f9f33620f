import { notFound } from '../../http/errors';
import { commandOrigin, publishCommand } from '../../http/publish-command';
import { defineRoute } from '../../http/route';
import { BillingListSchema, SetBillingBodySchema } from './admin.schema';

export const setBillingRoute = defineRoute({
  method: 'put',
  path: '/billing',
  summary: "Sets an organization's billing customer id (admin, spec 000 §7)",
  tag: 'Admin',
  access: { kind: 'operator' },
  request: { body: SetBillingBodySchema },
  response: { schema: BillingListSchema, description: 'The list of GET /billing with the id as saved; the read model follows the event' },
  errors: [401, 404],
  async handler({ body, user, deps, req }) {
    const rows = await deps.organizations.listBillingIds();
    if (!rows.some((o) => o.id === body.id)) throw notFound('Organization not found');
    await publishCommand(deps.orgProfile.events, commandOrigin({ req, user }, 'admin-token'), [
      { type: 'OrganizationBillingIdSet', aggregateId: body.id, orgId: body.id, data: { orgId: body.id, stripeBillingId: body.stripe_billing_id } },
    ]);
    return rows.map((o) => ({ id: o.id, name: o.name, stripe_billing_id: o.id === body.id ? body.stripe_billing_id : o.stripeBillingId }));
  },
});
