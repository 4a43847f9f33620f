import { defineRoute } from '../../http/route';
import { BillingListSchema } from './admin.schema';

export const listBillingRoute = defineRoute({
  method: 'get',
  path: '/billing',
  summary: "Every organization's billing customer id (admin, spec 000 §7)",
  tag: 'Admin',
  access: { kind: 'operator' },
  response: { schema: BillingListSchema, description: 'Organizations by name, stripe_billing_id null until set' },
  errors: [401],
  async handler({ deps }) {
    const rows = await deps.organizations.listBillingIds();
    return rows.map((o) => ({ id: o.id, name: o.name, stripe_billing_id: o.stripeBillingId }));
  },
});
