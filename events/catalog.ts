import type { z } from 'zod';
import { EventEnvelopeSchema, type EventEnvelope } from './envelope';
import {
  ORGANIZATION,
  OrganizationAverageJobRevenueSetV1Schema,
  OrganizationBillingIdSetV1Schema,
  OrganizationCreatedV1Schema,
  OrganizationOfficeEmailChangedV1Schema,
  OrganizationWentLiveV1Schema,
  OrganizationCrmConnectedV1Schema,
  OrganizationJoinedEnterpriseV1Schema,
  OrganizationJobTypeSheetGeneratedV1Schema,
} from './schemas/organization.events';
import {
  STAFF_USER,
  StaffInvitationAcceptedV1Schema,
  StaffInvitationCancelledV1Schema,
  StaffInvitationResentV1Schema,
  StaffInvitedV1Schema,
  StaffRemovedFromOrganizationV1Schema,
  StaffRoleChangedV1Schema,
  StaffUserJoinedOrganizationV1Schema,
  StaffUserPasswordRehashedV1Schema,
  StaffUserPasswordResetV1Schema,
  StaffUserRegisteredV1Schema,
} from './schemas/staff-user.events';
import { ENTERPRISE, EnterpriseAdminsChangedV1Schema, EnterpriseCreatedV1Schema } from './schemas/enterprise.events';
import { EmergencyPagerUnansweredV1Schema, NOTIFICATION, NotificationSentV1Schema, NotificationSkippedV1Schema } from './schemas/notification.events';
import {
  OncallScheduleChangedV1Schema,
  OrganizationNotificationSettingsChangedV1Schema,
  OrganizationSettingsUpdatedV1Schema,
} from './schemas/organization-notifications.events';
import {
  CallEndedV1Schema,
  CallScoredV1Schema,
  CallStartedV1Schema,
  CustomerIdentifiedV1Schema,
  DemoFollowUpRequestedV1Schema,
  INTERACTION,
  InteractionClassifiedV1Schema,
  InteractionClassifiedV2Schema,
  InteractionEventRecordedV1Schema,
  InteractionReclassifiedV1Schema,
  InteractionReviewedV1Schema,
  InteractionSummarizedV1Schema,
  InteractionTaggedV1Schema,
  InteractionTranscribedV1Schema,
  VoicemailDetectedV1Schema,
} from './schemas/interaction.events';
import { ACTION, ActionCompletedV1Schema, ActionCreatedV1Schema, ActionDroppedV1Schema } from './schemas/action.events';
import { SMS, SmsReceivedV1Schema, SmsStatusReportedV1Schema } from './schemas/sms.events';
import { WEBHOOK_DELIVERY, WebhookDeliveryAttemptedV1Schema } from './schemas/webhook-delivery.events';
import {
  OrganizationAvailabilityChangedV1Schema,
  SCHEDULING_RULE,
  SchedulingRuleChangedV1Schema,
  SchedulingRuleCreatedV1Schema,
  SchedulingRuleDeletedV1Schema,
} from './schemas/capacity.events';
import { CompanyProfileChangedV1Schema, OrganizationCustomInstructionsChangedV1Schema } from './schemas/organization-profile.events';
import { LLM_TRACE, TraceEvaluatedV1Schema } from './schemas/llm.events';
import { VoicePlatformConfiguredV1Schema } from './schemas/voice-platform.events';
import {
  AUDIENCE,
  AudienceBuildFailedV1Schema,
  AudienceBuildRequestedV1Schema,
  AudienceBuiltV1Schema,
  AudienceMembersFoundV1Schema,
} from './schemas/audience.events';
import {
  ASSISTANT_SESSION,
  AssistantQuestionAnsweredV1Schema,
  AssistantSessionEndedV1Schema,
  AssistantSessionStartedV1Schema,
} from './schemas/assistant.events';
import {
  VERIFIED_CALLER_ID,
  VerifiedCallerIdAddedV1Schema,
  VerifiedCallerIdEditedV1Schema,
  VerifiedCallerIdRemovedV1Schema,
  VerifiedCallerIdValidationRequestedV1Schema,
  VerifiedCallerIdVerifiedV1Schema,
} from './schemas/verified-caller-id.events';
import {
  WIDGET_CHAT,
  WidgetChatAddressRecordedV1Schema,
  WidgetChatBookingSubmittedV1Schema,
  WidgetChatEndedV1Schema,
  WidgetChatRegisteredV1Schema,
  WidgetChatSlotsLookedUpV1Schema,
} from './schemas/widget-chat.events';
import { WIDGET, WidgetConfigUpdatedV1Schema, WidgetCreatedV1Schema } from './schemas/widget.events';
import {
  CHAT_CONFIG,
  CHAT_SESSION,
  ChatConfigUpdatedV1Schema,
  ChatSessionEndedV1Schema,
  ChatSessionMessagesAddedV1Schema,
  ChatSessionStartedV1Schema,
} from './schemas/chat-session.events';
import {
  AGENT,
  AgentCreatedV1Schema,
  AgentPlatformConfigurationFailedV1Schema,
  AgentPlatformConfiguredV1Schema,
  AgentUpdatedV1Schema,
} from './schemas/agent.events';
import { DEAD_LETTER, DeadLetterDiscardedV1Schema, DeadLetterRetriedV1Schema, EventDeadLetteredV1Schema } from './schemas/dead-letter.events';

/**
 * Every event type with each published version's schema. A published version is never edited:
 * a change adds version N+1 and an upcaster from N, so old records in the log still read.
 * Each version's shape is frozen in schemas/published/ (published-schemas.test.ts); domain schemas
 * a version imports are pinned there too, and ones with write-side rules are copied structurally
 * into schemas/<aggregate>.events.ts. `npm run events:freeze` freezes a new version.
 */
const CATALOG = {
  OrganizationCreated: { aggregateType: ORGANIZATION, versions: { 1: OrganizationCreatedV1Schema } },
  OrganizationWentLive: { aggregateType: ORGANIZATION, versions: { 1: OrganizationWentLiveV1Schema } },
  OrganizationCrmConnected: { aggregateType: ORGANIZATION, versions: { 1: OrganizationCrmConnectedV1Schema } },
  OrganizationAverageJobRevenueSet: { aggregateType: ORGANIZATION, versions: { 1: OrganizationAverageJobRevenueSetV1Schema } },
  OrganizationBillingIdSet: { aggregateType: ORGANIZATION, versions: { 1: OrganizationBillingIdSetV1Schema } },
  OrganizationOfficeEmailChanged: { aggregateType: ORGANIZATION, versions: { 1: OrganizationOfficeEmailChangedV1Schema } },
  OrganizationJoinedEnterprise: { aggregateType: ORGANIZATION, versions: { 1: OrganizationJoinedEnterpriseV1Schema } },
  EnterpriseCreated: { aggregateType: ENTERPRISE, versions: { 1: EnterpriseCreatedV1Schema } },
  EnterpriseAdminsChanged: { aggregateType: ENTERPRISE, versions: { 1: EnterpriseAdminsChangedV1Schema } },
  VoicePlatformConfigured: { aggregateType: ORGANIZATION, versions: { 1: VoicePlatformConfiguredV1Schema } },
  StaffUserRegistered: { aggregateType: STAFF_USER, versions: { 1: StaffUserRegisteredV1Schema } },
  StaffUserJoinedOrganization: { aggregateType: STAFF_USER, versions: { 1: StaffUserJoinedOrganizationV1Schema } },
  StaffUserPasswordRehashed: { aggregateType: STAFF_USER, versions: { 1: StaffUserPasswordRehashedV1Schema } },
  StaffUserPasswordReset: { aggregateType: STAFF_USER, versions: { 1: StaffUserPasswordResetV1Schema } },
  StaffInvited: { aggregateType: STAFF_USER, versions: { 1: StaffInvitedV1Schema } },
  StaffInvitationResent: { aggregateType: STAFF_USER, versions: { 1: StaffInvitationResentV1Schema } },
  StaffInvitationCancelled: { aggregateType: STAFF_USER, versions: { 1: StaffInvitationCancelledV1Schema } },
  StaffInvitationAccepted: { aggregateType: STAFF_USER, versions: { 1: StaffInvitationAcceptedV1Schema } },
  StaffRoleChanged: { aggregateType: STAFF_USER, versions: { 1: StaffRoleChangedV1Schema } },
  StaffRemovedFromOrganization: { aggregateType: STAFF_USER, versions: { 1: StaffRemovedFromOrganizationV1Schema } },
  OrganizationNotificationSettingsChanged: { aggregateType: ORGANIZATION, versions: { 1: OrganizationNotificationSettingsChangedV1Schema } },
  OncallScheduleChanged: { aggregateType: ORGANIZATION, versions: { 1: OncallScheduleChangedV1Schema } },
  OrganizationSettingsUpdated: { aggregateType: ORGANIZATION, versions: { 1: OrganizationSettingsUpdatedV1Schema } },
  CompanyProfileChanged: { aggregateType: ORGANIZATION, versions: { 1: CompanyProfileChangedV1Schema } },
  OrganizationCustomInstructionsChanged: { aggregateType: ORGANIZATION, versions: { 1: OrganizationCustomInstructionsChangedV1Schema } },
  NotificationSent: { aggregateType: NOTIFICATION, versions: { 1: NotificationSentV1Schema } },
  NotificationSkipped: { aggregateType: NOTIFICATION, versions: { 1: NotificationSkippedV1Schema } },
  EmergencyPagerUnanswered: { aggregateType: NOTIFICATION, versions: { 1: EmergencyPagerUnansweredV1Schema } },
  SmsStatusReported: { aggregateType: SMS, versions: { 1: SmsStatusReportedV1Schema } },
  SmsReceived: { aggregateType: SMS, versions: { 1: SmsReceivedV1Schema } },
  WebhookDeliveryAttempted: { aggregateType: WEBHOOK_DELIVERY, versions: { 1: WebhookDeliveryAttemptedV1Schema } },
  CallStarted: { aggregateType: INTERACTION, versions: { 1: CallStartedV1Schema } },
  CallEnded: { aggregateType: INTERACTION, versions: { 1: CallEndedV1Schema } },
  InteractionTranscribed: { aggregateType: INTERACTION, versions: { 1: InteractionTranscribedV1Schema } },
  CustomerIdentified: { aggregateType: INTERACTION, versions: { 1: CustomerIdentifiedV1Schema } },
  InteractionClassified: { aggregateType: INTERACTION, versions: { 1: InteractionClassifiedV1Schema, 2: InteractionClassifiedV2Schema } },
  InteractionSummarized: { aggregateType: INTERACTION, versions: { 1: InteractionSummarizedV1Schema } },
  InteractionTagged: { aggregateType: INTERACTION, versions: { 1: InteractionTaggedV1Schema } },
  CallScored: { aggregateType: INTERACTION, versions: { 1: CallScoredV1Schema } },
  VoicemailDetected: { aggregateType: INTERACTION, versions: { 1: VoicemailDetectedV1Schema } },
  InteractionReclassified: { aggregateType: INTERACTION, versions: { 1: InteractionReclassifiedV1Schema } },
  InteractionReviewed: { aggregateType: INTERACTION, versions: { 1: InteractionReviewedV1Schema } },
  InteractionEventRecorded: { aggregateType: INTERACTION, versions: { 1: InteractionEventRecordedV1Schema } },
  DemoFollowUpRequested: { aggregateType: INTERACTION, versions: { 1: DemoFollowUpRequestedV1Schema } },
  ActionCreated: { aggregateType: ACTION, versions: { 1: ActionCreatedV1Schema } },
  ActionCompleted: { aggregateType: ACTION, versions: { 1: ActionCompletedV1Schema } },
  ActionDropped: { aggregateType: ACTION, versions: { 1: ActionDroppedV1Schema } },
  OrganizationAvailabilityChanged: { aggregateType: ORGANIZATION, versions: { 1: OrganizationAvailabilityChangedV1Schema } },
  SchedulingRuleCreated: { aggregateType: SCHEDULING_RULE, versions: { 1: SchedulingRuleCreatedV1Schema } },
  SchedulingRuleChanged: { aggregateType: SCHEDULING_RULE, versions: { 1: SchedulingRuleChangedV1Schema } },
  SchedulingRuleDeleted: { aggregateType: SCHEDULING_RULE, versions: { 1: SchedulingRuleDeletedV1Schema } },
  TraceEvaluated: { aggregateType: LLM_TRACE, versions: { 1: TraceEvaluatedV1Schema } },
  AudienceBuildRequested: { aggregateType: AUDIENCE, versions: { 1: AudienceBuildRequestedV1Schema } },
  AudienceMembersFound: { aggregateType: AUDIENCE, versions: { 1: AudienceMembersFoundV1Schema } },
  AudienceBuilt: { aggregateType: AUDIENCE, versions: { 1: AudienceBuiltV1Schema } },
  AudienceBuildFailed: { aggregateType: AUDIENCE, versions: { 1: AudienceBuildFailedV1Schema } },
  AssistantSessionStarted: { aggregateType: ASSISTANT_SESSION, versions: { 1: AssistantSessionStartedV1Schema } },
  AssistantQuestionAnswered: { aggregateType: ASSISTANT_SESSION, versions: { 1: AssistantQuestionAnsweredV1Schema } },
  AssistantSessionEnded: { aggregateType: ASSISTANT_SESSION, versions: { 1: AssistantSessionEndedV1Schema } },
  EventDeadLettered: { aggregateType: DEAD_LETTER, versions: { 1: EventDeadLetteredV1Schema } },
  DeadLetterRetried: { aggregateType: DEAD_LETTER, versions: { 1: DeadLetterRetriedV1Schema } },
  DeadLetterDiscarded: { aggregateType: DEAD_LETTER, versions: { 1: DeadLetterDiscardedV1Schema } },
  VerifiedCallerIdAdded: { aggregateType: VERIFIED_CALLER_ID, versions: { 1: VerifiedCallerIdAddedV1Schema } },
  VerifiedCallerIdValidationRequested: { aggregateType: VERIFIED_CALLER_ID, versions: { 1: VerifiedCallerIdValidationRequestedV1Schema } },
  VerifiedCallerIdVerified: { aggregateType: VERIFIED_CALLER_ID, versions: { 1: VerifiedCallerIdVerifiedV1Schema } },
  VerifiedCallerIdEdited: { aggregateType: VERIFIED_CALLER_ID, versions: { 1: VerifiedCallerIdEditedV1Schema } },
  VerifiedCallerIdRemoved: { aggregateType: VERIFIED_CALLER_ID, versions: { 1: VerifiedCallerIdRemovedV1Schema } },
  AgentCreated: { aggregateType: AGENT, versions: { 1: AgentCreatedV1Schema } },
  AgentUpdated: { aggregateType: AGENT, versions: { 1: AgentUpdatedV1Schema } },
  AgentPlatformConfigured: { aggregateType: AGENT, versions: { 1: AgentPlatformConfiguredV1Schema } },
  AgentPlatformConfigurationFailed: { aggregateType: AGENT, versions: { 1: AgentPlatformConfigurationFailedV1Schema } },
  OrganizationJobTypeSheetGenerated: { aggregateType: ORGANIZATION, versions: { 1: OrganizationJobTypeSheetGeneratedV1Schema } },
  WidgetCreated: { aggregateType: WIDGET, versions: { 1: WidgetCreatedV1Schema } },
  WidgetConfigUpdated: { aggregateType: WIDGET, versions: { 1: WidgetConfigUpdatedV1Schema } },
  WidgetChatRegistered: { aggregateType: WIDGET_CHAT, versions: { 1: WidgetChatRegisteredV1Schema } },
  WidgetChatSlotsLookedUp: { aggregateType: WIDGET_CHAT, versions: { 1: WidgetChatSlotsLookedUpV1Schema } },
  WidgetChatAddressRecorded: { aggregateType: WIDGET_CHAT, versions: { 1: WidgetChatAddressRecordedV1Schema } },
  WidgetChatBookingSubmitted: { aggregateType: WIDGET_CHAT, versions: { 1: WidgetChatBookingSubmittedV1Schema } },
  WidgetChatEnded: { aggregateType: WIDGET_CHAT, versions: { 1: WidgetChatEndedV1Schema } },
  ChatSessionStarted: { aggregateType: CHAT_SESSION, versions: { 1: ChatSessionStartedV1Schema } },
  ChatSessionMessagesAdded: { aggregateType: CHAT_SESSION, versions: { 1: ChatSessionMessagesAddedV1Schema } },
  ChatSessionEnded: { aggregateType: CHAT_SESSION, versions: { 1: ChatSessionEndedV1Schema } },
  ChatConfigUpdated: { aggregateType: CHAT_CONFIG, versions: { 1: ChatConfigUpdatedV1Schema } },
} as const satisfies Record<string, { aggregateType: string; versions: Record<number, z.ZodType> }>;

type Catalog = typeof CATALOG;
export type EventType = keyof Catalog;
type Versions<T extends EventType> = keyof Catalog[T]['versions'] & number;
// Next[v] is v + 1: the latest version is the one whose successor is not published.
type Next = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
type LatestVersion<T extends EventType> = { [V in Versions<T>]: Next[V] extends Versions<T> ? never : V }[Versions<T>];
type LatestData<T extends EventType> = z.infer<Catalog[T]['versions'][LatestVersion<T> & keyof Catalog[T]['versions']]>;

/** A domain event at its latest version: what projections and consumers see. */
export type DomainEvent = { [T in EventType]: EventEnvelope<T, LatestData<T>> }[EventType];
export type EventOf<T extends EventType> = Extract<DomainEvent, { type: T }>;

/** Upcasters lift version N data to N+1; keyed by type then by the version they read. */
const UPCASTERS: Partial<Record<EventType, Record<number, (data: unknown) => unknown>>> = {
  // v1 did not record the engine: unknown, not offline.
  InteractionClassified: { 1: (data) => ({ ...(data as object), engine: null }) },
};

export const EVENT_TYPES = Object.keys(CATALOG) as EventType[];

/** Every published (type, version) with its data schema, for the freeze test. */
export function publishedSchemas(): { type: EventType; version: number; schema: z.ZodType }[] {
  return EVENT_TYPES.flatMap((type) =>
    Object.entries(CATALOG[type].versions as Record<number, z.ZodType>).map(([version, schema]) => ({ type, version: Number(version), schema })),
  );
}
export const AGGREGATE_TYPES = [...new Set(Object.values(CATALOG).map((c) => c.aggregateType))];

export function aggregateTypeOf(type: EventType): string {
  return CATALOG[type].aggregateType;
}

export function latestVersionOf(type: EventType): number {
  return Math.max(...Object.keys(CATALOG[type].versions).map(Number));
}

export class InvalidEventError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidEventError';
  }
}

function isEventType(type: string): type is EventType {
  return Object.prototype.hasOwnProperty.call(CATALOG, type);
}

/**
 * Validates a raw record (from Kafka or a caller) and returns it at the latest version of its type.
 * Throws InvalidEventError for anything the catalog does not describe.
 */
export function parseEvent(raw: unknown): DomainEvent {
  const envelope = EventEnvelopeSchema.safeParse(raw);
  if (!envelope.success) throw new InvalidEventError(`invalid envelope: ${envelope.error.message}`);
  const { type, version } = envelope.data;
  if (!isEventType(type)) throw new InvalidEventError(`unknown event type ${type}`);
  const entry = CATALOG[type];
  if (entry.aggregateType !== envelope.data.aggregateType) {
    throw new InvalidEventError(`${type} belongs to ${entry.aggregateType}, not ${envelope.data.aggregateType}`);
  }
  const schema = (entry.versions as Record<number, z.ZodType>)[version];
  if (!schema) throw new InvalidEventError(`unknown version ${version} of ${type}`);
  const parsed = schema.safeParse(envelope.data.data);
  if (!parsed.success) throw new InvalidEventError(`invalid ${type} v${version} data: ${parsed.error.message}`);

  let data: unknown = parsed.data;
  let v = version;
  const latest = latestVersionOf(type);
  while (v < latest) {
    const up = UPCASTERS[type]?.[v];
    if (!up) throw new InvalidEventError(`no upcaster for ${type} v${v}`);
    data = up(data);
    v += 1;
  }
  return { ...envelope.data, type, version: v, data } as DomainEvent;
}

export interface NewEvent<T extends EventType> {
  eventId: string;
  type: T;
  aggregateId: string;
  orgId: string | null;
  data: LatestData<T>;
  correlationId: string;
  causationId: string | null;
  occurredAt?: Date;
}

/** Builds and validates an event at the latest version of its type. */
export function createEvent<T extends EventType>(e: NewEvent<T>): EventOf<T> {
  return parseEvent({
    eventId: e.eventId,
    type: e.type,
    version: latestVersionOf(e.type),
    aggregateType: aggregateTypeOf(e.type),
    aggregateId: e.aggregateId,
    orgId: e.orgId,
    occurredAt: (e.occurredAt ?? new Date()).toISOString(),
    correlationId: e.correlationId,
    causationId: e.causationId,
    data: e.data,
  }) as EventOf<T>;
}
