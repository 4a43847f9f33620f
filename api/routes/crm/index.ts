import type { AnyRoute } from '../../http/route';
import { APPOINTMENT_ROUTES } from './appointments.route';
import { BOOKING_ROUTES } from './bookings.route';
import { CAMPAIGN_AND_REPORT_ROUTES } from './campaigns-reports.route';
import { CUSTOMER_ROUTES } from './customers.route';
import { ESTIMATE_ROUTES } from './estimates.route';
import { JOB_ROUTES } from './jobs.route';
import { LOOKUP_ROUTES } from './lookups.route';
import { resetSandboxCrmRoute } from './sandbox-reset.route';
import { STAFF_ROUTES } from './staff.route';
import { STAFF_WRITE_ROUTES } from './staff-writes.route';
import { TELECOM_ROUTES } from './telecom.route';

/** The /crm group of spec 000 §7 on the org's CRM (the employee and technician lists live in crm-workers.route.ts). */
export const CRM_ROUTES: AnyRoute[] = [
  ...CUSTOMER_ROUTES,
  ...JOB_ROUTES,
  ...APPOINTMENT_ROUTES,
  ...ESTIMATE_ROUTES,
  ...BOOKING_ROUTES,
  ...TELECOM_ROUTES,
  ...LOOKUP_ROUTES,
  ...CAMPAIGN_AND_REPORT_ROUTES,
  ...STAFF_ROUTES,
  ...STAFF_WRITE_ROUTES,
  resetSandboxCrmRoute,
];
