import type { AnyRoute } from '../http/route';
import { listOrganizationsRoute } from './admin/organizations.route';
import { onboardingRoute } from './admin/onboarding.route';
import { terminateWorkflowRoute } from './admin/terminate-workflow.route';
import { workflowStatusRoute } from './admin/workflow-status.route';
import { loginRoute } from './auth/login.route';
import { logoutRoute } from './auth/logout.route';
import { sessionRoute } from './auth/session.route';
import { getOrgRoute } from './org/get-org.route';
import { getHeartbeatRoute, getRootRoute, postHeartbeatRoute, postRootRoute } from './root/heartbeat.route';

/** Every route of the API: the router and the OpenAPI document are both built from this list. */
export const ROUTES: AnyRoute[] = [
  getRootRoute,
  postRootRoute,
  getHeartbeatRoute,
  postHeartbeatRoute,
  loginRoute,
  logoutRoute,
  sessionRoute,
  getOrgRoute,
  listOrganizationsRoute,
  onboardingRoute,
  workflowStatusRoute,
  terminateWorkflowRoute,
];
