import { ApplicationFailure } from '@temporalio/activity';
import { createEvent } from '../../events/catalog';
import type { EventPublisher } from '../../events/bus/event-bus.port';
import type { InteractionEventName } from '../../events/schemas/notification.events';
import { withCorrelationId } from '../../lib/correlation';
import { uuidV5 } from '../../lib/ids';
import type { Timezone } from '../../domain/organization/organization-settings.schema';
import type { Logger } from '../../lib/logger';
import { isRecipientTimeOpen } from '../../domain/time/business-hours';
import { formatInZone, toZonedParts } from '../../domain/time/zoned-time';
import { MessagingError, type Messaging } from './messaging.port';
import type { NotificationSettingsSource } from './notification-settings.port';
import type { NotificationContent } from '../../domain/notifications/content';
import { type NotificationEventInput, NotificationEventSchema } from '../../domain/notifications/interaction-event.schema';
import { planNotifications } from '../../domain/notifications/plan-notifications';
import {
  type NotificationChannel,
  type NotificationSetting,
  type ReceiverGroup,
  type SkippedNotification,
  NotificationOrganizationSchema,
  NotificationSettingsSchema,
  jobTrades,
  onCallPeople,
  recipientPhoneNumber,
} from '../../domain/notifications/recipients';
import type { NotificationRuleId } from '../../domain/notifications/rules';
import { renderEmail, renderEmergencyCallScript, renderSms, renderTeamChat } from '../../domain/notifications/templates/render';
import type { RunMeta } from '../../domain/run/run-meta';

export interface NotificationActivityDeps {
  events: EventPublisher;
  settings: NotificationSettingsSource;
  messaging: Messaging;
  dashboardUrl: string;
  logger: Logger;
}

export interface DeliveryToSend {
  key: string;
  ruleId: NotificationRuleId;
  group: ReceiverGroup | null;
  channel: NotificationChannel;
  purpose: 'interaction' | 'call_errors' | 'emergency_job' | 'emergency_escalation';
  address: string;
  recipientName?: string;
  content: NotificationContent;
}

export interface OnCallContact {
  name: string | null;
  phone: string;
}

export interface InteractionNotificationPlan {
  orgName: string;
  deliveries: DeliveryToSend[];
  skipped: SkippedNotification[];
  /** Managers on call for the emergency job, paged when the technician does not answer. */
  escalation: OnCallContact[];
}

interface EventMeta {
  meta: RunMeta;
  causationId: string;
  orgId: string;
  interactionId: string;
}

export interface SendNotificationInput extends EventMeta {
  eventId: string;
  orgName: string;
  delivery: DeliveryToSend;
}

export type SendNotificationResult = { status: 'sent'; answered: boolean | null } | { status: 'failed'; code: string };

const INTERACTION_EVENT: Record<NotificationChannel, InteractionEventName> = {
  email: 'send_email',
  sms: 'send_sms',
  slack: 'send_slack',
  call: 'create_call',
};

const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/**
 * The send as an interaction event (001 §3: send_email, send_sms, send_slack, create_call) for the call
 * details' event list. Its id derives from the send's, so a retried activity records it once.
 */
function interactionEventRecord(input: SendNotificationInput, messageId: string, answered: boolean | null) {
  if (!isUuid(input.interactionId)) return [];
  const { delivery } = input;
  const recordId = uuidV5('interaction-event', input.eventId);
  return [
    createEvent({
      eventId: recordId,
      type: 'InteractionEventRecorded',
      aggregateId: input.interactionId,
      orgId: input.orgId,
      correlationId: input.meta.correlationId,
      causationId: input.causationId,
      data: {
        interactionId: input.interactionId,
        orgId: input.orgId,
        recordId,
        name: INTERACTION_EVENT[delivery.channel],
        metadata: {
          ruleId: delivery.ruleId,
          group: delivery.group,
          channel: delivery.channel,
          purpose: delivery.purpose,
          to: delivery.address,
          messageId,
          ...(answered === null ? {} : { answered }),
        },
      },
    }),
  ];
}

export function createNotificationActivities({ events, settings, messaging, dashboardUrl, logger }: NotificationActivityDeps) {
  async function deliver(input: SendNotificationInput): Promise<{ messageId: string; answered: boolean | null }> {
    const { delivery, orgId, interactionId } = input;
    const envelope = { orgId, interactionId, dedupKey: `${interactionId}:${delivery.key}` };
    const org = { name: input.orgName };
    const { content } = delivery;
    switch (content.channel) {
      case 'email':
        return { ...(await messaging.email.sendEmail({ ...envelope, to: delivery.address, ...renderEmail(content, org) })), answered: null };
      case 'sms':
        return { ...(await messaging.sms.sendSms({ ...envelope, to: delivery.address, ...renderSms(content) })), answered: null };
      case 'slack':
        return { ...(await messaging.teamChat.postMessage({ ...envelope, to: delivery.address, ...renderTeamChat(content) })), answered: null };
      case 'call':
        return messaging.phone.placeCall({ ...envelope, to: delivery.address, script: renderEmergencyCallScript(content, org) });
    }
  }

  return {
    /**
     * Who gets what for one interaction (000 §4). Time windows and the on-call day are judged at the
     * interaction's own time, so a repeated run plans the same deliveries.
     */
    async planInteractionNotifications(input: { orgId: string; event: NotificationEventInput }): Promise<InteractionNotificationPlan> {
      const parsed = NotificationEventSchema.safeParse(input.event);
      if (!parsed.success) throw ApplicationFailure.nonRetryable(`Invalid notification event: ${parsed.error.message}`, 'InvalidNotificationEvent');
      const event = parsed.data;
      const record = await settings.loadOrganization(input.orgId);
      if (!record) throw ApplicationFailure.retryable(`organization ${input.orgId} is not projected yet`, 'NotProjectedYet');

      const org = NotificationOrganizationSchema.parse({
        id: record.id,
        timezone: record.timezone,
        office_email: record.officeEmail,
        cc_emails: record.ccEmails,
        cc_phone_numbers: record.ccPhoneNumbers,
        oncall_schedule: record.oncallSchedule,
      });
      const stored = NotificationSettingsSchema.safeParse(record.notificationSettings);
      if (!stored.success) logger.warn({ orgId: org.id, err: stored.error.message }, 'notification settings unreadable; nothing planned');
      const notificationSettings: NotificationSetting[] = stored.success ? stored.data : [];

      const eventDate = new Date(event.payload.date);
      const at = Number.isNaN(eventDate.getTime()) ? new Date() : eventDate;
      const localDate = toZonedParts(at, org.timezone).date;
      const plan = planNotifications({
        event,
        settings: notificationSettings,
        org,
        localDate,
        now: at,
        isTimeOpen: (time, instant) => isRecipientTimeOpen(time, instant, org.timezone, record.regularHours, record.holidays),
        formatInZone: (date: Date, zone: Timezone) => formatInZone(date, zone),
        dashboardUrl,
      });
      const escalation = plan.firedRules.includes('EmergencyJobRule')
        ? onCallPeople(org.oncall_schedule, localDate, 'Manager', jobTrades(event, 'EmergencyJobRule')).map((p) => ({
            name: p.name,
            phone: recipientPhoneNumber(p.phoneNumber, org.timezone),
          }))
        : [];
      return {
        orgName: record.name,
        deliveries: plan.deliveries.map(({ key, ruleId, group, channel, purpose, address, recipientName, content }) => ({
          key,
          ruleId,
          group,
          channel,
          purpose,
          address,
          ...(recipientName === undefined ? {} : { recipientName }),
          content,
        })),
        skipped: plan.skipped,
        escalation,
      };
    },

    /** Sends one delivery and records it on the interaction; a repeat with the same key sends nothing new. */
    async sendNotification(input: SendNotificationInput): Promise<SendNotificationResult> {
      return withCorrelationId(input.meta.correlationId, async () => {
        const { delivery } = input;
        const common = { aggregateId: input.interactionId, orgId: input.orgId, correlationId: input.meta.correlationId, causationId: input.causationId };
        try {
          const { messageId, answered } = await deliver(input);
          await events.publish([
            createEvent({
              ...common,
              eventId: input.eventId,
              type: 'NotificationSent',
              data: {
                orgId: input.orgId,
                interactionId: input.interactionId,
                ruleId: delivery.ruleId,
                group: delivery.group,
                channel: delivery.channel,
                purpose: delivery.purpose,
                address: delivery.address,
                messageId,
                answered,
                interactionEvent: INTERACTION_EVENT[delivery.channel],
              },
            }),
            ...interactionEventRecord(input, messageId, answered),
          ]);
          return { status: 'sent', answered };
        } catch (err) {
          if (!(err instanceof MessagingError)) throw err;
          if (err.retryable) throw ApplicationFailure.retryable(err.message, `MessagingError.${err.code}`);
          logger.warn({ interactionId: input.interactionId, channel: delivery.channel, code: err.code }, 'notification not deliverable');
          await events.publish([
            createEvent({
              ...common,
              eventId: input.eventId,
              type: 'NotificationSkipped',
              data: {
                orgId: input.orgId,
                interactionId: input.interactionId,
                ruleId: delivery.ruleId,
                group: delivery.group ?? 'oncall_manager',
                channel: delivery.channel,
                time: 'ALWAYS',
                reason: 'delivery_failed',
                detail: `${err.code}: ${err.message}`,
              },
            }),
          ]);
          return { status: 'failed', code: err.code };
        }
      });
    },

    async recordSkippedNotifications(input: EventMeta & { eventIds: string[]; skipped: SkippedNotification[] }): Promise<void> {
      if (input.skipped.length === 0) return;
      const common = { aggregateId: input.interactionId, orgId: input.orgId, correlationId: input.meta.correlationId, causationId: input.causationId };
      await events.publish(
        input.skipped.map((s, i) =>
          createEvent({
            ...common,
            eventId: input.eventIds[i],
            type: 'NotificationSkipped',
            data: { orgId: input.orgId, interactionId: input.interactionId, ...s },
          }),
        ),
      );
    },

    async recordEmergencyPagerUnanswered(input: EventMeta & { eventId: string; called: OnCallContact[]; escalatedTo: OnCallContact[] }): Promise<void> {
      await events.publish([
        createEvent({
          eventId: input.eventId,
          type: 'EmergencyPagerUnanswered',
          aggregateId: input.interactionId,
          orgId: input.orgId,
          correlationId: input.meta.correlationId,
          causationId: input.causationId,
          data: {
            orgId: input.orgId,
            interactionId: input.interactionId,
            called: input.called,
            escalatedTo: input.escalatedTo,
            interactionEvent: 'emergency_pager_no_answer',
          },
        }),
        ...(isUuid(input.interactionId)
          ? [
              createEvent({
                eventId: uuidV5('interaction-event', input.eventId),
                type: 'InteractionEventRecorded',
                aggregateId: input.interactionId,
                orgId: input.orgId,
                correlationId: input.meta.correlationId,
                causationId: input.causationId,
                data: {
                  interactionId: input.interactionId,
                  orgId: input.orgId,
                  recordId: uuidV5('interaction-event', input.eventId),
                  name: 'emergency_pager_no_answer',
                  metadata: { called: input.called, escalatedTo: input.escalatedTo },
                },
              }),
            ]
          : []),
      ]);
    },
  };
}

export type NotificationActivities = ReturnType<typeof createNotificationActivities>;
