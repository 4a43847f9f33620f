import type { EventOf } from '../../catalog';
import { ORGANIZATION } from '../../schemas/organization.events';
import { documentProjection } from '../projection';
import { sameJson } from '../same-json';
import { organizationsStore, type OrganizationDoc } from './organizations.repository';

type OrganizationEvent =
  | EventOf<'OrganizationCreated'>
  | EventOf<'OrganizationWentLive'>
  | EventOf<'OrganizationCrmConnected'>
  | EventOf<'OrganizationNotificationSettingsChanged'>
  | EventOf<'OrganizationSettingsUpdated'>
  | EventOf<'OncallScheduleChanged'>
  | EventOf<'OrganizationAvailabilityChanged'>
  | EventOf<'CompanyProfileChanged'>
  | EventOf<'OrganizationCustomInstructionsChanged'>
  | EventOf<'OrganizationAverageJobRevenueSet'>
  | EventOf<'OrganizationBillingIdSet'>
  | EventOf<'OrganizationOfficeEmailChanged'>
  | EventOf<'OrganizationJoinedEnterprise'>;

// Settings are plain JSON documents; equal content (keys in any order, as jsonb keeps them) means a
// redelivery or a no-op save, not a new version.

export function evolveOrganization(state: OrganizationDoc | null, event: OrganizationEvent): OrganizationDoc | null {
  const at = new Date(event.occurredAt);
  switch (event.type) {
    case 'OrganizationCreated': {
      if (state) return state; // created once; a second create for the same id is ignored
      const d = event.data;
      return {
        id: d.orgId,
        name: d.name,
        slug: d.slug,
        timezone: d.timezone,
        crmName: d.crmName,
        isActive: true,
        onboardingStatus: 'TESTING',
        enterpriseId: d.enterpriseId,
        officeEmail: d.officeEmail,
        adminEmails: d.adminEmails,
        tradesOffered: d.tradesOffered,
        availabilityConfig: { regularHours: d.regularHours, emergencyHours: d.emergencyHours ?? {}, holidays: [] },
        notificationSettings: [],
        oncallSchedule: {},
        ccEmails: [],
        ccPhoneNumbers: [],
        spamNumbers: [],
        zipcodes: [],
        serviceAreaActive: false,
        featureFlags: {},
        companyProfileId: null,
        customInstructions: null,
        avgJobRevenue: null,
        stripeBillingId: null,
        streamVersion: 1,
        createdAt: at,
        updatedAt: at,
      };
    }
    case 'OrganizationWentLive':
      if (!state || state.onboardingStatus === 'LIVE') return state;
      return { ...state, onboardingStatus: 'LIVE', streamVersion: state.streamVersion + 1, updatedAt: at };
    case 'OrganizationJoinedEnterprise':
      if (!state || state.enterpriseId === event.data.enterpriseId) return state;
      return { ...state, enterpriseId: event.data.enterpriseId, streamVersion: state.streamVersion + 1, updatedAt: at };
    case 'OrganizationCrmConnected':
      if (!state || state.crmName === event.data.crmName) return state;
      return { ...state, crmName: event.data.crmName, streamVersion: state.streamVersion + 1, updatedAt: at };
    case 'OrganizationNotificationSettingsChanged': {
      const d = event.data;
      if (!state) return state;
      const unchanged = { notificationSettings: d.notificationSettings, ccEmails: d.ccEmails, ccPhoneNumbers: d.ccPhoneNumbers };
      if (sameJson(unchanged, { notificationSettings: state.notificationSettings, ccEmails: state.ccEmails, ccPhoneNumbers: state.ccPhoneNumbers }))
        return state;
      return {
        ...state,
        notificationSettings: d.notificationSettings,
        ccEmails: d.ccEmails,
        ccPhoneNumbers: d.ccPhoneNumbers,
        streamVersion: state.streamVersion + 1,
        updatedAt: at,
      };
    }
    case 'OrganizationSettingsUpdated': {
      if (!state) return state;
      const { orgId: _org, featureFlags, ...sections } = event.data;
      const next: OrganizationDoc = {
        ...state,
        ...Object.fromEntries(Object.entries(sections).filter(([, v]) => v !== undefined)),
        featureFlags: featureFlags ? { ...state.featureFlags, ...featureFlags } : state.featureFlags,
      };
      const { streamVersion: _a, updatedAt: _b, ...before } = state;
      const { streamVersion: _c, updatedAt: _d, ...after } = next;
      if (sameJson(before, after)) return state;
      return { ...next, streamVersion: state.streamVersion + 1, updatedAt: at };
    }
    case 'OncallScheduleChanged': {
      if (!state || sameJson(state.oncallSchedule[event.data.month], event.data.days)) return state;
      // The whole month is replaced, so a redelivered event leaves the same schedule.
      const oncallSchedule = { ...state.oncallSchedule, [event.data.month]: event.data.days };
      return { ...state, oncallSchedule, streamVersion: state.streamVersion + 1, updatedAt: at };
    }
    case 'OrganizationAvailabilityChanged': {
      // Only availability_config lives here; the other capacity sections have their own read model.
      const availability = event.data.settings.availability;
      if (!state || !availability || sameJson(state.availabilityConfig, availability)) return state;
      return { ...state, availabilityConfig: availability, streamVersion: state.streamVersion + 1, updatedAt: at };
    }
    case 'CompanyProfileChanged':
      // The profile's id is fixed by the first save; the profile itself has its own read model.
      if (!state || state.companyProfileId !== null) return state;
      return { ...state, companyProfileId: event.data.profileId, streamVersion: state.streamVersion + 1, updatedAt: at };
    case 'OrganizationCustomInstructionsChanged': {
      // regular_job_to_dispatch belongs to the capacity settings read model.
      if (!state || sameJson(state.customInstructions, event.data.customInstructions)) return state;
      return { ...state, customInstructions: event.data.customInstructions, streamVersion: state.streamVersion + 1, updatedAt: at };
    }
    case 'OrganizationAverageJobRevenueSet':
      if (!state || state.avgJobRevenue === event.data.avgJobRevenue) return state;
      return { ...state, avgJobRevenue: event.data.avgJobRevenue, streamVersion: state.streamVersion + 1, updatedAt: at };
    case 'OrganizationBillingIdSet':
      if (!state || state.stripeBillingId === event.data.stripeBillingId) return state;
      return { ...state, stripeBillingId: event.data.stripeBillingId, streamVersion: state.streamVersion + 1, updatedAt: at };
    case 'OrganizationOfficeEmailChanged':
      if (!state || state.officeEmail === event.data.officeEmail) return state;
      return { ...state, officeEmail: event.data.officeEmail, streamVersion: state.streamVersion + 1, updatedAt: at };
  }
}

export const organizationsProjection = documentProjection<OrganizationDoc, OrganizationEvent>({
  name: 'organizations',
  aggregateTypes: [ORGANIZATION],
  handles: [
    'OrganizationCreated',
    'OrganizationWentLive',
    'OrganizationCrmConnected',
    'OrganizationNotificationSettingsChanged',
    'OrganizationSettingsUpdated',
    'OncallScheduleChanged',
    'OrganizationAvailabilityChanged',
    'CompanyProfileChanged',
    'OrganizationCustomInstructionsChanged',
    'OrganizationAverageJobRevenueSet',
    'OrganizationBillingIdSet',
    'OrganizationOfficeEmailChanged',
    'OrganizationJoinedEnterprise',
  ],
  documentId: (e) => e.data.orgId,
  evolve: evolveOrganization,
  store: organizationsStore,
});
