import type { Db } from '../../../../prisma/client';
import { Prisma } from '../../../../prisma/client';
import { normalizePhoneNumber } from '../../../../domain/validation/phone';
import {
  CrmError,
  type CrmBookingsPort,
  type CrmCampaignsPort,
  type CrmEstimatesPort,
  type CrmLookupsPort,
  type CrmReportsPort,
  type CrmStaffPort,
  type CrmTelecomPort,
  type Page,
  type PageRequest,
  type RowsPage,
} from '../../crm.port';
import {
  type BookingProvider,
  type CallReason,
  type Campaign,
  type CampaignCategory,
  type Employee,
  type Estimate,
  type EstimateItem,
  type InstalledEquipment,
  type JobCancelReason,
  type Membership,
  type PricebookItem,
  type RecurringServiceType,
  type Report,
  type ReportCategory,
  type Role,
  type TagType,
  type TelecomCall,
} from '../../../../domain/crm/crm-records';

export type RecordKind =
  'membership' | 'equipment' | 'estimate' | 'telecom_call' | 'note' | 'booking_provider' | 'campaign' | 'recurring_event' | 'password_reset';
export type LookupKind =
  | 'role'
  | 'employee'
  | 'membership_type'
  | 'job_cancel_reason'
  | 'tag_type'
  | 'call_reason'
  | 'pricebook'
  | 'recurring_service_type'
  | 'campaign_category'
  | 'report_category'
  | 'report';

type RecordRow = Prisma.SandboxRecordGetPayload<object>;

export const DEFAULT_PAGE_SIZE = 50;
const MAX_PAGE_SIZE = 500;

export function pageBounds(req: PageRequest = {}): { page: number; pageSize: number; skip: number } {
  const page = Math.max(1, Math.floor(req.page ?? 1));
  const pageSize = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(req.pageSize ?? DEFAULT_PAGE_SIZE)));
  return { page, pageSize, skip: (page - 1) * pageSize };
}

export function pageOf<T>(items: T[], req?: PageRequest): Page<T> {
  const { page, pageSize, skip } = pageBounds(req);
  return { page, pageSize, hasMore: skip + pageSize < items.length, totalCount: items.length, data: items.slice(skip, skip + pageSize) };
}

const dateOrNull = (v: unknown) => (typeof v === 'string' ? new Date(v) : null);

export interface EstimateData {
  jobId: string | null;
  locationId: string | null;
  customerId: string | null;
  name: string;
  jobNumber: string | null;
  status: Estimate['status'];
  reviewStatus: Estimate['reviewStatus'];
  summary: string;
  soldOn: string | null;
  soldBy: string | null;
  active: boolean;
  items: EstimateItem[];
  tax: number;
  businessUnitId: string | null;
  businessUnitName: string | null;
}

export interface TelecomCallData {
  receivedOn: string;
  durationSeconds: number;
  from: string;
  to: string;
  direction: 'Inbound' | 'Outbound';
  callType: string | null;
  reasonId: string | null;
  campaignId: string | null;
  customerId: string | null;
  customerName: string | null;
  agentId: string | null;
  jobId: string | null;
  excuseMemo: string | null;
  recorded: boolean;
}

function toEstimate(row: RecordRow): Estimate {
  const d = row.data as unknown as EstimateData;
  const subtotal = d.items.reduce((sum, i) => sum + i.quantity * i.price, 0);
  return { ...d, id: String(row.id), createdOn: row.createdAt, modifiedOn: row.modifiedAt, soldOn: dateOrNull(d.soldOn), subtotal, tax: d.tax };
}

const hms = (seconds: number) => [Math.floor(seconds / 3600), Math.floor(seconds / 60) % 60, seconds % 60].map((n) => String(n).padStart(2, '0')).join(':');

/** A second of silent MPEG-1 Layer III (128 kb/s, 44.1 kHz): the sandbox's stand-in for a call recording. */
function silentMp3(): Buffer {
  const frame = Buffer.alloc(417);
  frame.writeUInt32BE(0xfffb9064, 0);
  return Buffer.concat(Array.from({ length: 38 }, () => frame));
}

/** The parts of the sandbox CRM kept as records and lookups (estimates, telecom, staff, campaigns, reports). */
export function sandboxRecords(
  db: Db,
  orgId: string,
  reference: <T>(kind: LookupKind) => Promise<T[]>,
): CrmEstimatesPort &
  Omit<CrmBookingsPort, 'createBooking' | 'listBookings' | 'getBooking' | 'createCallbackRequest'> &
  CrmTelecomPort &
  Pick<CrmStaffPort, 'listEmployees' | 'listRoles'> &
  Omit<CrmLookupsPort, 'listBusinessUnits' | 'listJobTypes' | 'onboardJobTypes'> &
  CrmCampaignsPort &
  Omit<CrmReportsPort, 'runReport' | 'getDynamicValueSet'> & {
    listMemberships(query: { customerIds?: string[]; status?: Membership['status'] }): Promise<Membership[]>;
    listJobCancelReasons(): Promise<JobCancelReason[]>;
    recordsOf(kind: RecordKind, parentIds?: string[]): Promise<RecordRow[]>;
    addRecord(kind: RecordKind, parentId: string | null, data: object): Promise<RecordRow>;
  } {
  const recordsOf = (kind: RecordKind, parentIds?: string[]) =>
    db.sandboxRecord.findMany({ where: { orgId, kind, ...(parentIds ? { parentId: { in: parentIds } } : {}) }, orderBy: { id: 'asc' } });
  const recordById = async (kind: RecordKind, id: string) => {
    const n = Number(id);
    if (!Number.isInteger(n) || n <= 0 || n > 2_147_483_647) return null;
    return db.sandboxRecord.findFirst({ where: { orgId, kind, id: n } });
  };
  const addRecord = (kind: RecordKind, parentId: string | null, data: object) =>
    db.sandboxRecord.create({ data: { orgId, kind, parentId, data: data as Prisma.InputJsonValue } });

  async function updateEstimate(estimateId: string, change: (d: EstimateData) => EstimateData | null): Promise<Estimate> {
    const row = await recordById('estimate', estimateId);
    if (!row) throw new CrmError('NOT_FOUND', `Estimate ${estimateId} not found`);
    const next = change(row.data as unknown as EstimateData);
    if (!next) return toEstimate(row);
    return toEstimate(await db.sandboxRecord.update({ where: { id: row.id }, data: { data: next as unknown as Prisma.InputJsonValue } }));
  }

  async function telecomCalls(rows: RecordRow[]): Promise<TelecomCall[]> {
    const [reasons, campaigns, staff] = await Promise.all([reference<CallReason>('call_reason'), recordsOf('campaign'), reference<Employee>('employee')]);
    return rows.map((row) => {
      const d = row.data as unknown as TelecomCallData;
      const reason = reasons.find((r) => r.id === d.reasonId);
      const campaign = campaigns.find((c) => String(c.id) === d.campaignId);
      const agent = staff.find((e) => e.id === d.agentId);
      return {
        id: String(row.id),
        createdOn: row.createdAt,
        modifiedOn: row.modifiedAt,
        receivedOn: new Date(d.receivedOn),
        active: true,
        duration: hms(d.durationSeconds),
        from: d.from,
        to: d.to,
        direction: d.direction,
        callType: d.callType,
        reason: reason ? { id: reason.id, name: reason.name, lead: reason.isLead, active: reason.active } : null,
        recordingUrl: d.recorded ? `/crm/calls/${row.id}/recording` : null,
        voiceMailUrl: null,
        customer: d.customerId ? { id: d.customerId, name: d.customerName ?? '' } : null,
        campaign: campaign ? { id: String(campaign.id), name: (campaign.data as { name: string }).name } : null,
        agent: agent ? { id: agent.id, name: agent.name } : null,
        jobId: d.jobId,
        excuseMemo: d.excuseMemo,
      };
    });
  }

  const toCampaign = (row: RecordRow): Campaign => {
    const d = row.data as Omit<Campaign, 'id' | 'createdOn' | 'modifiedOn'>;
    return { ...d, id: String(row.id), createdOn: row.createdAt, modifiedOn: row.modifiedAt };
  };

  return {
    recordsOf,
    addRecord,

    async listMemberships({ customerIds, status }) {
      const [rows, types] = await Promise.all([recordsOf('membership', customerIds), reference<{ id: string; name: string }>('membership_type')]);
      return rows
        .map((row): Membership => {
          const d = row.data as Omit<Membership, 'id' | 'customerId' | 'name'>;
          return { ...d, id: String(row.id), customerId: row.parentId ?? '', name: types.find((t) => t.id === d.membershipTypeId)?.name ?? '' };
        })
        .filter((m) => !status || m.status === status);
    },

    listJobCancelReasons: () => reference<JobCancelReason>('job_cancel_reason'),

    async listEstimates({ ids, customerId, jobId, status, ...page }) {
      const rows = await recordsOf('estimate', customerId ? [customerId] : undefined);
      const all = rows.map(toEstimate).filter((e) => (!ids || ids.includes(e.id)) && (!jobId || e.jobId === jobId) && (!status || e.status === status));
      return pageOf(all, page);
    },

    async getEstimate(estimateId) {
      const row = await recordById('estimate', estimateId);
      return row ? toEstimate(row) : null;
    },

    sellEstimate: (estimateId, soldBy) =>
      updateEstimate(estimateId, (d) => (d.status === 'Sold' ? null : { ...d, status: 'Sold', soldBy, soldOn: new Date().toISOString() })),

    unsellEstimate: (estimateId) => updateEstimate(estimateId, (d) => (d.status !== 'Sold' ? null : { ...d, status: 'Open', soldBy: null, soldOn: null })),

    async listInstalledEquipment({ customerId, locationId, ...page }) {
      const rows = await recordsOf('equipment', customerId ? [customerId] : undefined);
      const all = rows
        .map((row): InstalledEquipment => ({
          ...(row.data as Omit<InstalledEquipment, 'id' | 'customerId'>),
          id: String(row.id),
          customerId: row.parentId ?? '',
        }))
        .filter((e) => !locationId || e.locationId === locationId);
      return pageOf(all, page);
    },

    async createBookingProvider({ name, description }) {
      const key = name.trim().toLowerCase();
      const row = await db.sandboxRecord.upsert({
        where: { orgId_kind_key: { orgId, kind: 'booking_provider', key } },
        create: { orgId, kind: 'booking_provider', key, data: { name, description } },
        update: {},
      });
      return { id: String(row.id), ...(row.data as { name: string; description: string }) };
    },

    async listBookingProviders(name) {
      const rows = await recordsOf('booking_provider');
      return rows
        .map((row): BookingProvider => ({ id: String(row.id), ...(row.data as { name: string; description: string }) }))
        .filter((p) => !name || p.name.toLowerCase().includes(name.toLowerCase()));
    },

    async listTelecomCalls({ createdOnOrAfter, createdBefore, from, customerId, ...page }) {
      const phone = from ? normalizePhoneNumber(from) : null;
      const rows = (await recordsOf('telecom_call', customerId ? [customerId] : undefined))
        .filter((row) => {
          const d = row.data as unknown as TelecomCallData;
          const at = new Date(d.receivedOn).getTime();
          return (!createdOnOrAfter || at >= createdOnOrAfter.getTime()) && (!createdBefore || at < createdBefore.getTime()) && (!phone || d.from === phone);
        })
        .sort((a, b) => (b.data as unknown as TelecomCallData).receivedOn.localeCompare((a.data as unknown as TelecomCallData).receivedOn));
      const { data, ...rest } = pageOf(rows, page);
      return { ...rest, data: await telecomCalls(data) };
    },

    async updateTelecomCall(callId, update) {
      const row = await recordById('telecom_call', callId);
      if (!row) return false;
      const d = row.data as unknown as TelecomCallData;
      let reasonId = d.reasonId;
      if (update.reason?.name) {
        const reason = (await reference<CallReason>('call_reason')).find((r) => r.name.toLowerCase() === update.reason!.name!.toLowerCase());
        if (!reason) throw new CrmError('INVALID_REQUEST', `Call reason ${update.reason.name} not found`);
        reasonId = reason.id;
      }
      const next: TelecomCallData = {
        ...d,
        callType: update.callType ?? d.callType,
        agentId: update.agentId ?? d.agentId,
        jobId: update.jobId ?? d.jobId,
        campaignId: update.campaignId ?? d.campaignId,
        excuseMemo: update.excuseMemo ?? d.excuseMemo,
        reasonId,
      };
      await db.sandboxRecord.update({ where: { id: row.id }, data: { data: next as unknown as Prisma.InputJsonValue } });
      return true;
    },

    async getCallRecording(callId) {
      const row = await recordById('telecom_call', callId);
      if (!row || !(row.data as unknown as TelecomCallData).recorded) return null;
      return { contentType: 'audio/mpeg', data: silentMp3() };
    },

    async findCampaignsByCallerNumber(callerPhoneNumber, range) {
      const phone = normalizePhoneNumber(callerPhoneNumber);
      const rows = (await recordsOf('telecom_call')).filter((row) => {
        const d = row.data as unknown as TelecomCallData;
        const at = new Date(d.receivedOn).getTime();
        return d.from === phone && d.campaignId && at >= range.from.getTime() && at < range.to.getTime();
      });
      const ids = [...new Set(rows.map((r) => (r.data as unknown as TelecomCallData).campaignId!))];
      const campaigns = await recordsOf('campaign');
      return ids.flatMap((id) => {
        const c = campaigns.find((row) => String(row.id) === id);
        return c ? [{ id, name: (c.data as { name: string }).name }] : [];
      });
    },

    listEmployees: () => reference<Employee>('employee'),
    listRoles: () => reference<Role>('role'),

    listMembershipTypes: () => reference<{ id: string; name: string }>('membership_type'),
    async listTagTypes() {
      const rows = await reference<TagType>('tag_type');
      return rows.map((t) => ({ ...t, createdOn: new Date(t.createdOn), modifiedOn: new Date(t.modifiedOn) }));
    },
    listCallReasons: () => reference<CallReason>('call_reason'),
    listPricebook: () => reference<PricebookItem>('pricebook'),
    listRecurringServiceTypes: () => reference<RecurringServiceType>('recurring_service_type'),

    async markRecurringServiceEvent(eventId, jobId, complete) {
      const row = await recordById('recurring_event', eventId);
      if (!row) return false;
      const data = { ...(row.data as object), status: complete ? 'Completed' : 'NotCompleted', jobId: complete ? jobId : null };
      await db.sandboxRecord.update({ where: { id: row.id }, data: { data } });
      return true;
    },

    async listCampaigns() {
      return (await recordsOf('campaign')).map(toCampaign);
    },

    async createCampaign(input) {
      const categories = await reference<CampaignCategory>('campaign_category');
      if (!categories.some((c) => c.id === input.categoryId)) throw new CrmError('INVALID_REQUEST', `Campaign category ${input.categoryId} not found`);
      return toCampaign(await addRecord('campaign', null, { ...input, campaignPhoneNumbers: [], otherMedium: null }));
    },

    async listCampaignCategories() {
      return (await reference<CampaignCategory>('campaign_category')).map((c) => ({ ...c, createdOn: new Date(c.createdOn) }));
    },

    listReportCategories: () => reference<ReportCategory>('report_category'),

    async listReports(categoryId) {
      const [categories, reports] = await Promise.all([reference<ReportCategory>('report_category'), reference<Report & { categoryId: string }>('report')]);
      if (!categories.some((c) => c.id === categoryId)) return null;
      return reports.filter((r) => r.categoryId === categoryId).map(({ id, name, description }) => ({ id, name, description }));
    },

    async getReport(categoryId, reportId) {
      const report = (await reference<Report & { categoryId: string }>('report')).find((r) => r.categoryId === categoryId && r.id === reportId);
      if (!report) return null;
      const { categoryId: _c, ...rest } = report;
      return { ...rest, modifiedOn: new Date(report.modifiedOn) };
    },
  };
}

export type RowsOf = (fields: { name: string; label: string }[], rows: unknown[][], page?: PageRequest) => RowsPage;
export const rowsPage: RowsOf = (fields, rows, page) => ({ ...pageOf(rows, page), fields });
