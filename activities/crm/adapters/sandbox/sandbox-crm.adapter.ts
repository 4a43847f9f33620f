import type { Db } from '../../../../prisma/client';
import { Prisma } from '../../../../prisma/client';
import { addDays } from '../../../../domain/time/calendar';
import { zonedTimeToInstant } from '../../../../domain/time/zoned-time';
import { countryFromTimezone } from '../../../../domain/validation/country';
import { type CrmPort, type CrmProvider } from '../../crm.port';
import { sandboxStaffAndAudiences } from './sandbox-staff-and-audiences';
import { type EstimateData, type LookupKind, type TelecomCallData } from './sandbox-records';
import {
  SANDBOX_CALL_REASONS,
  SANDBOX_CAMPAIGNS,
  SANDBOX_CAMPAIGN_CATEGORIES,
  SANDBOX_CUSTOMER_EXTRAS,
  SANDBOX_JOB_CANCEL_REASONS,
  SANDBOX_MEMBERSHIP_TYPES,
  SANDBOX_OFFICE_EMPLOYEES,
  SANDBOX_PRICEBOOK,
  SANDBOX_RECURRING_SERVICE_TYPES,
  SANDBOX_REPORTS,
  SANDBOX_REPORT_CATEGORIES,
  SANDBOX_ROLES,
  SANDBOX_TAG_TYPES,
} from './sandbox-lookups.seed';
import { SANDBOX_ARRIVAL_WINDOWS, SANDBOX_BUSINESS_UNITS, SANDBOX_CUSTOMERS, SANDBOX_JOB_TYPES, SANDBOX_TECHNICIANS, sandboxZones } from './sandbox-seed';
import { type ReferenceKind, HOUR_MS, ReferenceCache } from './sandbox-rows';
import { sandboxContext } from './sandbox-context';
import { sandboxCustomers } from './sandbox-customers.adapter';
import { sandboxJobs } from './sandbox-jobs.adapter';
import { sandboxAppointments } from './sandbox-appointments.adapter';
import { sandboxCapacity } from './sandbox-capacity.adapter';
import { sandboxBookings } from './sandbox-bookings.adapter';
import { sandboxReports } from './sandbox-reports.adapter';
import { sandboxLookups } from './sandbox-lookups.adapter';
import { sandboxStaff } from './sandbox-staff.adapter';
export { expandWeeklyShifts, REFERENCE_CACHE_MS } from './sandbox-rows';

function sandboxCrm(db: Db, orgId: string, cache: ReferenceCache): CrmPort {
  const context = sandboxContext(db, orgId, cache);
  const { reference, customersWithLocations, records } = context;

  return {
    ...records,
    ...sandboxStaffAndAudiences({
      db,
      orgId,
      reference,
      referenceChanged: () => cache.drop(orgId),
      customersOf: async (where) => customersWithLocations(await db.sandboxCustomer.findMany({ where, orderBy: { id: 'asc' } })),
    }),
    ...sandboxCustomers(db, orgId, context),
    ...sandboxJobs(db, orgId, context),
    ...sandboxAppointments(db, orgId, context),
    ...sandboxCapacity(db, orgId, cache, context),
    ...sandboxBookings(db, orgId, context),
    ...sandboxReports(db, orgId, context),
    ...sandboxLookups(context),
    ...sandboxStaff(context),
  };
}

export interface SandboxSeedInput {
  orgId: string;
  timeZone: string;
  /** Local date (YYYY-MM-DD) the seeded appointments are placed around. */
  today: string;
}

export interface SandboxCrm extends CrmProvider {
  /** Seeds the contractor once; a second call finds it seeded and changes nothing. */
  seed(input: SandboxSeedInput): Promise<{ seeded: boolean }>;
  /** Deletes everything the org's sandbox holds and seeds it afresh. */
  reset(input: SandboxSeedInput): Promise<void>;
}

export function createSandboxCrm(db: Db): SandboxCrm {
  const cache = new ReferenceCache();
  async function seedInto(tx: Prisma.TransactionClient, { orgId, timeZone, today }: SandboxSeedInput) {
    const reference: { kind: ReferenceKind; items: { id: string }[] }[] = [
      { kind: 'business_unit', items: SANDBOX_BUSINESS_UNITS },
      { kind: 'job_type', items: SANDBOX_JOB_TYPES },
      { kind: 'technician', items: SANDBOX_TECHNICIANS },
      { kind: 'arrival_window', items: SANDBOX_ARRIVAL_WINDOWS },
      { kind: 'zone', items: sandboxZones(timeZone) },
    ];
    await tx.sandboxReference.createMany({
      data: reference.flatMap(({ kind, items }) =>
        items.map((item, sortOrder) => ({ orgId, kind, id: item.id, sortOrder, data: item as unknown as Prisma.InputJsonValue })),
      ),
    });
    const zips = sandboxZones(timeZone).flatMap((z) => z.zipcodes);
    const country = countryFromTimezone(timeZone);
    for (const c of SANDBOX_CUSTOMERS) {
      const customer = await tx.sandboxCustomer.create({
        data: {
          orgId,
          name: c.name,
          type: c.type,
          doNotService: c.doNotService ?? false,
          contacts: [
            { type: 'Mobile', value: c.phone },
            { type: 'Email', value: c.email },
          ],
          phones: [c.phone],
        },
      });
      const location = await tx.sandboxLocation.create({
        data: { orgId, customerId: customer.id, name: 'Home', street: c.street, city: c.city, state: c.state, zip: zips[c.zipIndex], country },
      });
      for (const j of c.jobs) {
        const jobType = SANDBOX_JOB_TYPES.find((t) => t.id === j.jobTypeId)!;
        const job = await tx.sandboxJob.create({
          data: {
            orgId,
            customerId: customer.id,
            locationId: location.id,
            jobStatus: j.status,
            jobTypeId: j.jobTypeId,
            businessUnitId: j.businessUnitId,
            priority: 'Normal',
            summary: j.summary,
          },
        });
        const start = zonedTimeToInstant(addDays(today, j.dayOffset), j.arrivalWindow, timeZone);
        await tx.sandboxAppointment.create({
          data: {
            orgId,
            jobId: job.id,
            customerId: customer.id,
            start,
            end: new Date(start.getTime() + jobType.duration * 1000),
            arrivalWindowStart: start,
            arrivalWindowEnd: new Date(start.getTime() + 2 * HOUR_MS),
            technicianIds: j.technicianIds,
            status: j.status === 'COMPLETED' ? 'Done' : 'Scheduled',
          },
        });
      }
    }
  }

  /** Lookups and the records around the seeded customers (memberships, equipment, estimates, telecom calls). */
  async function seedExtrasInto(tx: Prisma.TransactionClient, { orgId, timeZone, today }: SandboxSeedInput) {
    const technicianEmployees = SANDBOX_TECHNICIANS.map((t) => ({ id: t.id, name: t.name, email: t.email, phoneNumber: t.phoneNumber, role: 'Technician' }));
    const lookups: { kind: LookupKind; items: { id: string }[] }[] = [
      { kind: 'role', items: SANDBOX_ROLES },
      { kind: 'employee', items: [...SANDBOX_OFFICE_EMPLOYEES, ...technicianEmployees] },
      { kind: 'membership_type', items: SANDBOX_MEMBERSHIP_TYPES },
      { kind: 'job_cancel_reason', items: SANDBOX_JOB_CANCEL_REASONS },
      { kind: 'tag_type', items: SANDBOX_TAG_TYPES },
      { kind: 'call_reason', items: SANDBOX_CALL_REASONS },
      { kind: 'pricebook', items: SANDBOX_PRICEBOOK },
      { kind: 'recurring_service_type', items: SANDBOX_RECURRING_SERVICE_TYPES },
      { kind: 'campaign_category', items: SANDBOX_CAMPAIGN_CATEGORIES },
      { kind: 'report_category', items: SANDBOX_REPORT_CATEGORIES },
      { kind: 'report', items: SANDBOX_REPORTS },
    ];
    await tx.sandboxReference.createMany({
      data: lookups.flatMap(({ kind, items }) =>
        items.map((item, sortOrder) => ({ orgId, kind, id: item.id, sortOrder, data: JSON.parse(JSON.stringify(item)) as Prisma.InputJsonValue })),
      ),
    });
    const campaignIds: string[] = [];
    for (const c of SANDBOX_CAMPAIGNS) {
      const row = await tx.sandboxRecord.create({ data: { orgId, kind: 'campaign', data: { ...c, active: true } } });
      campaignIds.push(String(row.id));
    }
    const customers = await tx.sandboxCustomer.findMany({ where: { orgId }, orderBy: { id: 'asc' } });
    const locations = await tx.sandboxLocation.findMany({ where: { orgId }, orderBy: { id: 'asc' } });
    const jobs = await tx.sandboxJob.findMany({ where: { orgId }, orderBy: { id: 'asc' } });
    const businessUnits = SANDBOX_BUSINESS_UNITS;
    const noon = (daysAgo: number, minute: number) =>
      zonedTimeToInstant(addDays(today, -daysAgo), `${String(9 + (minute % 8)).padStart(2, '0')}:${String((minute * 7) % 60).padStart(2, '0')}`, timeZone);
    const records: Prisma.SandboxRecordCreateManyInput[] = [];
    SANDBOX_CUSTOMER_EXTRAS.forEach((extra, n) => {
      const customer = customers[extra.customer];
      if (!customer) return;
      const customerId = String(customer.id);
      const location = locations.find((l) => l.customerId === customer.id);
      const job = jobs.find((j) => j.customerId === customer.id);
      for (const m of extra.memberships ?? []) records.push({ orgId, kind: 'membership', parentId: customerId, data: m });
      for (const e of extra.equipment ?? [])
        records.push({ orgId, kind: 'equipment', parentId: customerId, data: { ...e, locationId: location ? String(location.id) : '' } });
      for (const e of extra.estimates ?? []) {
        const data: EstimateData = {
          jobId: job ? String(job.id) : null,
          locationId: location ? String(location.id) : null,
          customerId,
          name: e.name,
          jobNumber: job ? `SB-${job.id}` : null,
          status: e.sold ? 'Sold' : 'Open',
          reviewStatus: 'None',
          summary: e.summary,
          soldOn: e.sold ? noon(3, n).toISOString() : null,
          soldBy: e.sold ? '2004' : null,
          active: true,
          items: e.items,
          tax: Math.round(e.items.reduce((s, i) => s + i.quantity * i.price, 0) * 0.0825 * 100) / 100,
          businessUnitId: e.businessUnitId,
          businessUnitName: businessUnits.find((b) => b.id === e.businessUnitId)?.name ?? null,
        };
        records.push({ orgId, kind: 'estimate', parentId: customerId, data: data as unknown as Prisma.InputJsonValue });
      }
      (extra.calls ?? []).forEach((c, i) => {
        const data: TelecomCallData = {
          receivedOn: noon(c.daysAgo, n + i).toISOString(),
          durationSeconds: c.minutes * 60 + 17 * (n + 1),
          from: customer.phones[0] ?? '',
          to: c.campaign === null ? '+15125550999' : SANDBOX_CAMPAIGNS[c.campaign].campaignPhoneNumbers[0],
          direction: 'Inbound',
          callType: c.reasonId === '601' ? 'Booked' : null,
          reasonId: c.reasonId,
          campaignId: c.campaign === null ? null : campaignIds[c.campaign],
          customerId,
          customerName: customer.name,
          agentId: '2003',
          jobId: null,
          excuseMemo: null,
          recorded: c.recorded,
        };
        records.push({ orgId, kind: 'telecom_call', parentId: customerId, data: data as unknown as Prisma.InputJsonValue });
      });
      if (extra.memberships?.some((m) => m.status === 'Active')) {
        records.push({
          orgId,
          kind: 'recurring_event',
          parentId: customerId,
          data: { recurringServiceTypeId: '1101', date: addDays(today, 20), status: 'NotAttempted', jobId: null },
        });
      }
    });
    await tx.sandboxRecord.createMany({ data: records });
  }

  async function wipe(tx: Prisma.TransactionClient, orgId: string) {
    await tx.sandboxAppointment.deleteMany({ where: { orgId } });
    await tx.sandboxJob.deleteMany({ where: { orgId } });
    await tx.sandboxLocation.deleteMany({ where: { orgId } });
    await tx.sandboxCustomer.deleteMany({ where: { orgId } });
    await tx.sandboxBooking.deleteMany({ where: { orgId } });
    await tx.sandboxCallbackRequest.deleteMany({ where: { orgId } });
    await tx.sandboxReference.deleteMany({ where: { orgId } });
    await tx.sandboxRecord.deleteMany({ where: { orgId } });
  }

  // Serializes seeding per org so concurrent attempts (an activity retried while the first still runs) seed once.
  const lockOrg = (tx: Prisma.TransactionClient, orgId: string) => tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`sandbox-crm:${orgId}`}))`;

  return {
    forOrganization: (orgId) => sandboxCrm(db, orgId, cache),

    async seed(input) {
      cache.drop(input.orgId);
      return db.$transaction(
        async (tx) => {
          await lockOrg(tx, input.orgId);
          if (await tx.sandboxReference.findFirst({ where: { orgId: input.orgId } })) {
            // A sandbox seeded before the lookups existed gets them now, once.
            if (await tx.sandboxReference.findFirst({ where: { orgId: input.orgId, kind: 'role' } })) return { seeded: false };
            await seedExtrasInto(tx, input);
            return { seeded: true };
          }
          await seedInto(tx, input);
          await seedExtrasInto(tx, input);
          return { seeded: true };
        },
        { timeout: 20_000 },
      );
    },

    async reset(input) {
      await db.$transaction(
        async (tx) => {
          await lockOrg(tx, input.orgId);
          await wipe(tx, input.orgId);
          await seedInto(tx, input);
          await seedExtrasInto(tx, input);
        },
        { timeout: 20_000 },
      );
      cache.drop(input.orgId);
    },
  };
}
