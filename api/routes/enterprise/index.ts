import type { AnyRoute } from '../../http/route';
import { createEnterpriseRoute } from './enterprise-create.route';
import { setEnterpriseAdminsRoute } from './enterprise-admins.route';
import { getEnterpriseRoute } from './enterprise-get.route';
import { addOrganizationToEnterpriseRoute } from './enterprise-organizations.route';
import { listEnterprisesRoute } from './enterprises-list.route';
import { orgOfUserRoute } from './org-of-user.route';

export const ENTERPRISE_ROUTES: AnyRoute[] = [
  createEnterpriseRoute,
  setEnterpriseAdminsRoute,
  addOrganizationToEnterpriseRoute,
  getEnterpriseRoute,
  listEnterprisesRoute,
  orgOfUserRoute,
];
