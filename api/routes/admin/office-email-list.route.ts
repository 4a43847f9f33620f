import { defineRoute } from '../../http/route';
import { OfficeEmailListSchema } from './admin.schema';

export const listOfficeEmailsRoute = defineRoute({
  method: 'get',
  path: '/office-email',
  summary: "Every organization's office e-mail (admin, spec 000 §7)",
  tag: 'Admin',
  // 000 §6: the office-email calls answer 307 to the login page without a session.
  access: { kind: 'operator', loginRedirect: true },
  response: { schema: OfficeEmailListSchema, description: 'Organizations by name, office_email null when the organization has none' },
  errors: [401],
  async handler({ deps }) {
    const rows = await deps.organizations.listOfficeEmails();
    return { orgs: rows.map((o) => ({ id: o.id, name: o.name, office_email: o.officeEmail === '' ? null : o.officeEmail })) };
  },
});
