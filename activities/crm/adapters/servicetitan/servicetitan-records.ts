import type { z } from 'zod';
import { normalizePhoneNumber } from '../../../../domain/validation/phone';
import { pageOf } from '../vendor-port';
import { type CrmPort, type PageRequest, type RowsPage } from '../../crm.port';
import { parseVendorShape } from '../http/vendor-http';
import type { ServiceTitanClient } from './servicetitan-client';
import { numericId, str } from './servicetitan-ids';
import {
  StBookingProviderTagSchema,
  StCallBundleSchema,
  StCallReasonSchema,
  StCampaignCategorySchema,
  StCampaignSchema,
  StInstalledEquipmentSchema,
  StLocationSchema,
  StMembershipSchema,
  StMembershipTypeSchema,
  StPricebookItemSchema,
  StRecurringServiceTypeSchema,
  StReportCategorySchema,
  StReportSchema,
  StReportSummarySchema,
  StRowsSchema,
  StUserRoleSchema,
  type StCallBundle,
  type StReport,
} from './servicetitan.types';
import {
  type Campaign,
  type InstalledEquipment,
  type Membership,
  type PricebookItem,
  type RecurringServiceType,
  type Report,
  type ReportParameter,
  type TelecomCall,
} from '../../../../domain/crm/crm-records';

/** The office side of the port over ServiceTitan: telecom, marketing, reporting, memberships, price book, equipment. */
export type ServiceTitanRecords = Pick<
  CrmPort,
  | 'listTelecomCalls'
  | 'updateTelecomCall'
  | 'getCallRecording'
  | 'findCampaignsByCallerNumber'
  | 'listCampaigns'
  | 'createCampaign'
  | 'listCampaignCategories'
  | 'listReportCategories'
  | 'listReports'
  | 'getReport'
  | 'runReport'
  | 'getDynamicValueSet'
  | 'listMemberships'
  | 'listMembershipTypes'
  | 'listRecurringServiceTypes'
  | 'markRecurringServiceEvent'
  | 'listPricebook'
  | 'listRoles'
  | 'listCallReasons'
  | 'listInstalledEquipment'
  | 'createBookingProvider'
  | 'listBookingProviders'
>;

const MEMBERSHIP_STATUSES: Membership['status'][] = ['Active', 'Expired', 'Canceled'];
const DATA_TYPES: ReportParameter['dataType'][] = ['String', 'Number', 'Boolean', 'Date', 'Time'];
const dataTypeOf = (t: string | null | undefined): ReportParameter['dataType'] => DATA_TYPES.find((d) => d === t) ?? 'String';

function toTelecomCall(bundle: StCallBundle): TelecomCall {
  const c = bundle.leadCall;
  const named = (x: { id: number; name?: string | null } | null | undefined) => (x ? { id: String(x.id), name: x.name ?? '' } : null);
  return {
    id: String(c.id),
    createdOn: new Date(c.createdOn ?? c.receivedOn),
    modifiedOn: new Date(c.modifiedOn ?? c.receivedOn),
    receivedOn: new Date(c.receivedOn),
    active: c.active ?? true,
    duration: c.duration ?? '00:00:00',
    from: c.from ?? '',
    to: c.to ?? '',
    direction: c.direction === 'Outbound' ? 'Outbound' : 'Inbound',
    callType: c.callType ?? null,
    reason: c.reason?.name ? { id: str(c.reason.id) ?? '', name: c.reason.name, lead: c.reason.lead ?? false, active: c.reason.active ?? true } : null,
    recordingUrl: c.recordingUrl ?? null,
    voiceMailUrl: c.voiceMailUrl ?? null,
    customer: named(c.customer),
    campaign: named(c.campaign),
    agent: named(c.agent),
    // Telecom v2 links a call to its job by job number, which is the job's id unless the tenant renumbers jobs.
    jobId: bundle.jobNumber === null || bundle.jobNumber === undefined ? null : String(bundle.jobNumber),
    excuseMemo: c.excuseMemo ?? null,
  };
}

function toCampaign(c: z.infer<typeof StCampaignSchema>): Campaign {
  const unit = c.businessUnitId ?? (typeof c.businessUnit === 'number' ? c.businessUnit : c.businessUnit?.id);
  return {
    id: String(c.id),
    name: c.name,
    active: c.active,
    businessUnitId: str(unit),
    categoryId: str(c.categoryId ?? c.category?.id),
    createdOn: new Date(c.createdOn),
    modifiedOn: new Date(c.modifiedOn ?? c.createdOn),
    campaignPhoneNumbers: (c.campaignPhoneNumbers ?? []).map((n) => (typeof n === 'string' ? n : (n.number ?? n.phoneNumber ?? ''))).filter(Boolean),
    otherMedium: c.otherMedium ?? null,
  };
}

function toReport(r: StReport): Report {
  return {
    id: r.id,
    name: r.name,
    description: r.description ?? '',
    modifiedOn: new Date(r.modifiedOn ?? 0),
    parameters: (r.parameters ?? []).map((p) => ({
      name: p.name,
      label: p.label ?? p.name,
      dataType: dataTypeOf(p.dataType),
      isArray: p.isArray ?? false,
      isRequired: p.isRequired ?? false,
      acceptValues: p.acceptValues
        ? {
            fields: (p.acceptValues.fields ?? []).map((f) => ({ name: f.name, label: f.label ?? f.name })),
            dynamicSetId: p.acceptValues.dynamicSetId ?? null,
            values: p.acceptValues.values ?? [],
          }
        : null,
    })),
    fields: (r.fields ?? []).map((f) => ({ name: f.name, label: f.label ?? f.name, dataType: dataTypeOf(f.dataType) })),
  };
}

function toRows(rows: z.infer<typeof StRowsSchema>): RowsPage {
  return {
    page: rows.page,
    pageSize: rows.pageSize,
    hasMore: rows.hasMore,
    totalCount: rows.totalCount ?? rows.data.length,
    data: rows.data,
    fields: (rows.fields ?? []).map((f) => ({ name: f.name, label: f.label ?? f.name })),
  };
}

/** The port's three recurrence kinds; ServiceTitan's finer ones (Weekly, Daily, NthWeekdayOfMonth) read as Monthly. */
const recurrenceOf = (t: string | null | undefined): RecurringServiceType['recurrenceType'] => (t === 'Yearly' || t === 'Seasonal' ? t : 'Monthly');

export function serviceTitanRecords(client: ServiceTitanClient): ServiceTitanRecords {
  const parse = <T>(schema: z.ZodType<T>, raw: unknown, what: string) => parseVendorShape('ServiceTitan', schema, raw, what);
  const pageRequest = (page?: PageRequest) => ({ page: page?.page ?? 1, pageSize: Math.min(page?.pageSize ?? 50, 5000), includeTotal: true });

  /** Telecom v2 filters calls by creation time (createdAfter is exclusive), not by caller or customer. */
  function callRange(range: { createdOnOrAfter?: Date; createdBefore?: Date }) {
    return {
      createdAfter: range.createdOnOrAfter ? new Date(range.createdOnOrAfter.getTime() - 1) : undefined,
      createdBefore: range.createdBefore,
      orderBy: 'createdOn',
      orderByDirection: 'desc',
    };
  }

  async function membershipTypes() {
    return client.listAll('memberships', 'membership-types', StMembershipTypeSchema, { active: 'True' });
  }

  async function pricebook(path: 'services' | 'materials' | 'equipment', type: PricebookItem['type']): Promise<PricebookItem[]> {
    const rows = await client.listAll('pricebook', path, StPricebookItemSchema, { active: 'True' });
    return rows.map((r) => ({ id: String(r.id), code: r.code ?? '', name: r.displayName || r.code || '', type, price: r.price ?? 0, businessUnitId: null }));
  }

  const reportPath = (categoryId: string, reportId?: string) =>
    `report-category/${encodeURIComponent(categoryId)}/reports${reportId === undefined ? '' : `/${numericId(reportId, 'Report')}`}`;

  return {
    async listTelecomCalls(query) {
      const from = query.from ? normalizePhoneNumber(query.from) : '';
      if (!from && !query.customerId) {
        const page = await client.page('telecom', 'calls', StCallBundleSchema, callRange(query), query);
        return { ...page, data: page.data.map(toTelecomCall) };
      }
      // Caller and customer are matched here over the range's calls, so their pages are counted here too.
      const calls = (await client.listAll('telecom', 'calls', StCallBundleSchema, callRange(query), { maxItems: 5000 }))
        .map(toTelecomCall)
        .filter((c) => (!from || normalizePhoneNumber(c.from) === from) && (!query.customerId || c.customer?.id === query.customerId));
      return pageOf(calls, query);
    },

    async updateTelecomCall(callId, update) {
      const id = numericId(callId, 'Call');
      return client.writeIfFound('PUT', 'telecom', `calls/${id}`, {
        callId: id,
        callType: update.callType,
        excuseMemo: update.excuseMemo,
        campaignId: update.campaignId ? numericId(update.campaignId, 'Campaign') : undefined,
        jobId: update.jobId ? numericId(update.jobId, 'Job') : undefined,
        agentId: update.agentId ? numericId(update.agentId, 'Agent') : undefined,
        reason: update.reason,
      });
    },

    async getCallRecording(callId) {
      const file = await client.download('telecom', `calls/${numericId(callId, 'Call')}/recording`);
      if (!file || file.data.length === 0) return null;
      // The API labels recordings application/octet-stream; they are MP3s.
      const contentType = file.contentType && file.contentType.startsWith('audio/') ? file.contentType : 'audio/mpeg';
      return { contentType, data: file.data };
    },

    async findCampaignsByCallerNumber(callerPhoneNumber, range) {
      const phone = normalizePhoneNumber(callerPhoneNumber);
      if (!phone) return [];
      const calls = await client.listAll('telecom', 'calls', StCallBundleSchema, callRange({ createdOnOrAfter: range.from, createdBefore: range.to }), {
        maxItems: 5000,
      });
      const campaigns = new Map<string, string>();
      for (const bundle of calls) {
        const c = bundle.leadCall;
        if (c.campaign && normalizePhoneNumber(c.from ?? '') === phone) campaigns.set(String(c.campaign.id), c.campaign.name ?? '');
      }
      return [...campaigns].map(([id, name]) => ({ id, name }));
    },

    async listCampaigns() {
      return (await client.listAll('marketing', 'campaigns', StCampaignSchema, { active: 'Any' })).map(toCampaign);
    },

    async createCampaign(input) {
      const raw = await client.write('POST', 'marketing', 'campaigns', {
        name: input.name,
        businessUnitId: numericId(input.businessUnitId, 'Business unit'),
        categoryId: numericId(input.categoryId, 'Campaign category'),
        active: input.active,
      });
      return toCampaign(parse(StCampaignSchema, raw, 'created campaign'));
    },

    async listCampaignCategories() {
      const rows = await client.listAll('marketing', 'categories', StCampaignCategorySchema, { active: 'Any' });
      return rows.map((c) => ({ id: String(c.id), name: c.name, active: c.active ?? true, type: c.type ?? '', createdOn: new Date(c.createdOn ?? 0) }));
    },

    async listReportCategories() {
      return (await client.listAll('reporting', 'report-categories', StReportCategorySchema)).map((c) => ({ id: c.id, name: c.name }));
    },

    async listReports(categoryId) {
      const first = await client.pageIfFound('reporting', reportPath(categoryId), StReportSummarySchema, {}, { page: 1, pageSize: 5000 });
      if (!first) return null;
      const rest = first.hasMore ? await client.listAll('reporting', reportPath(categoryId), StReportSummarySchema) : first.data;
      return rest.map((r) => ({ id: r.id, name: r.name, description: r.description ?? '' }));
    },

    async getReport(categoryId, reportId) {
      const raw = await client.get('reporting', reportPath(categoryId, reportId));
      return raw === null ? null : toReport(parse(StReportSchema, raw, 'report'));
    },

    async runReport(categoryId, reportId, parameters, page) {
      // A missing required parameter is answered 400 by ServiceTitan, which becomes INVALID_REQUEST with its message.
      const raw = await client.send('POST', 'reporting', `${reportPath(categoryId, reportId)}/data`, { query: pageRequest(page), body: { parameters } });
      return raw === null ? null : toRows(parse(StRowsSchema, raw, 'report data'));
    },

    async getDynamicValueSet(dynamicSetId, page) {
      const raw = await client.get('reporting', `dynamic-value-sets/${encodeURIComponent(dynamicSetId)}`, pageRequest(page));
      return raw === null ? null : toRows(parse(StRowsSchema, raw, 'dynamic value set'));
    },

    async listMemberships({ customerIds, status }) {
      const [rows, types] = await Promise.all([
        client.listAll('memberships', 'memberships', StMembershipSchema, {
          customerIds: customerIds?.map((id) => numericId(id, 'Customer')),
          status,
          active: 'Any',
        }),
        membershipTypes(),
      ]);
      // Suspended and deleted memberships have no port status; they are left out.
      return rows
        .filter((m) => MEMBERSHIP_STATUSES.includes(m.status as Membership['status']) && (!status || m.status === status))
        .map((m): Membership => ({
          id: String(m.id),
          customerId: String(m.customerId),
          membershipTypeId: String(m.membershipTypeId),
          name: types.find((t) => t.id === m.membershipTypeId)?.name ?? '',
          status: m.status as Membership['status'],
          from: m.from?.slice(0, 10) ?? '',
          to: m.to ? m.to.slice(0, 10) : null,
        }));
    },

    async listMembershipTypes() {
      return (await membershipTypes()).map((t) => ({ id: String(t.id), name: t.name }));
    },

    async listRecurringServiceTypes() {
      const rows = await client.listAll('memberships', 'recurring-service-types', StRecurringServiceTypeSchema, { active: 'True' });
      return rows.map((t) => ({ id: String(t.id), name: t.name, recurrenceType: recurrenceOf(t.recurrenceType), active: t.active ?? true }));
    },

    async markRecurringServiceEvent(eventId, jobId, complete) {
      const path = `recurring-service-events/${numericId(eventId, 'Recurring service event')}/mark-${complete ? 'complete' : 'incomplete'}`;
      return client.writeIfFound('POST', 'memberships', path, complete ? { jobId: numericId(jobId, 'Job') } : {});
    },

    async listPricebook() {
      const lists = await Promise.all([pricebook('services', 'Service'), pricebook('materials', 'Material'), pricebook('equipment', 'Equipment')]);
      return lists.flat();
    },

    async listRoles() {
      return (await client.listAll('settings', 'user-roles', StUserRoleSchema, { active: 'True' })).map((r) => ({ id: String(r.id), name: r.name }));
    },

    async listCallReasons() {
      const rows = await client.listAll('jbce', 'call-reasons', StCallReasonSchema, { active: 'Any' });
      return rows.map((r) => ({ id: String(r.id), name: r.name, isLead: r.isLead ?? false, active: r.active ?? true }));
    },

    async listInstalledEquipment(query) {
      // Installed equipment is filtered by location; a customer's equipment is that of its locations.
      let locationIds = query.locationId ? [numericId(query.locationId, 'Location')] : undefined;
      if (!locationIds && query.customerId) {
        const locations = await client.listAll('crm', 'locations', StLocationSchema, { customerId: numericId(query.customerId, 'Customer') });
        if (locations.length === 0) return pageOf([], query);
        locationIds = locations.map((l) => l.id);
      }
      const page = await client.page('equipmentsystems', 'installed-equipment', StInstalledEquipmentSchema, { locationIds }, query);
      const customerOf = query.customerId ?? null;
      return {
        ...page,
        data: page.data.map((e): InstalledEquipment => ({
          id: String(e.id),
          customerId: str(e.customerId) ?? customerOf ?? '',
          locationId: String(e.locationId),
          name: e.name ?? '',
          type: e.type ?? '',
          manufacturer: e.manufacturer ?? '',
          model: e.model ?? '',
          serialNumber: e.serialNumber ?? '',
          installedOn: e.installedOn ? e.installedOn.slice(0, 10) : null,
          warrantyEnd: (e.manufacturerWarrantyEnd ?? e.serviceProviderWarrantyEnd)?.slice(0, 10) ?? null,
        })),
      };
    },

    async createBookingProvider({ name, description }) {
      // Booking provider tags are unique by name: the same name answers the tag already made.
      const existing = (await client.listAll('crm', 'booking-provider-tags', StBookingProviderTagSchema, { name })).find(
        (t) => t.tagName.toLowerCase() === name.trim().toLowerCase(),
      );
      const tag =
        existing ??
        parse(
          StBookingProviderTagSchema,
          await client.write('POST', 'crm', 'booking-provider-tags', { tagName: name, description }),
          'created booking provider tag',
        );
      return { id: String(tag.id), name: tag.tagName, description: tag.description ?? '' };
    },

    async listBookingProviders(name) {
      const rows = await client.listAll('crm', 'booking-provider-tags', StBookingProviderTagSchema, { name });
      return rows
        .filter((t) => !name || t.tagName.toLowerCase().includes(name.toLowerCase()))
        .map((t) => ({ id: String(t.id), name: t.tagName, description: t.description ?? '' }));
    },
  };
}
