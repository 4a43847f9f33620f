import { ApplicationFailure } from '@temporalio/activity';
import { createEvent, type DomainEvent, type EventType, type NewEvent } from '../../events/catalog';
import type { EventPublisher } from '../../events/bus/event-bus.port';
import type { ChatSessionDoc, ChatSessionRepository } from '../../events/projections/chat-sessions/chat-sessions.repository';
import { withCorrelationId } from '../../lib/correlation';
import type { RunMeta } from '../../domain/run/run-meta';
import { chatSessionTranscript, customerNumberOf, type ChatSessionEndReason } from '../../domain/chat/chat-session';
import { InteractionInputSchema, type Action, type InteractionInput } from '../../domain/interaction/interaction.schema';
import type { NotificationEventInput } from '../../domain/notifications/interaction-event.schema';
import type { JobBookingPayload } from '../../domain/actions/action-payloads';
import { taskOrgOf } from '../../domain/organization/org-profile.schema';
import type { InteractionContextReader } from '../interaction/interaction-context.port';
import type { SnapshotOrganization } from '../notifications/handoff/interaction-snapshot.port';

export interface ChatSessionActivityDeps {
  events: EventPublisher;
  sessions: Pick<ChatSessionRepository, 'findCaughtUp'>;
  context: InteractionContextReader;
  organizations: { findOrganization(orgId: string): Promise<SnapshotOrganization | null> };
}

/** The session every step publishes to: its interaction's stream (aggregate id = interaction id). */
export interface ChatSessionRef {
  meta: RunMeta;
  causationId: string;
  orgId: string;
  interactionId: string;
  sessionId: string;
}

export interface ChatSessionMessageRecord {
  id: string;
  role: 'user' | 'agent';
  content: string;
  created_at: string;
}

/** The completed job bookings the agent's tools made in the session. */
const bookingsOf = (actions: readonly Action[]) =>
  actions.filter((a) => a.type === 'job_booking' && a.status === 'COMPLETED').map((a) => a.payload as unknown as Partial<JobBookingPayload>);

export function createChatSessionActivities({ events, sessions, context, organizations }: ChatSessionActivityDeps) {
  const event = <T extends EventType>(ref: ChatSessionRef, eventId: string, type: T, data: NewEvent<T>['data']): DomainEvent =>
    createEvent({
      eventId,
      type,
      aggregateId: ref.interactionId,
      orgId: ref.orgId,
      correlationId: ref.meta.correlationId,
      causationId: ref.causationId,
      data,
    } as NewEvent<T>);
  const ids = (ref: ChatSessionRef) => ({ interactionId: ref.interactionId, orgId: ref.orgId, sessionId: ref.sessionId });
  const publish = (ref: ChatSessionRef, published: DomainEvent[]) => withCorrelationId(ref.meta.correlationId, () => events.publish(published));

  return {
    async recordChatSessionStarted(input: ChatSessionRef & { eventId: string; agentId: string; agentType: string; startedAt: string }): Promise<void> {
      await publish(input, [
        event(input, input.eventId, 'ChatSessionStarted', { ...ids(input), agentId: input.agentId, agentType: input.agentType, startedAt: input.startedAt }),
      ]);
    },

    async recordChatSessionMessages(input: ChatSessionRef & { eventId: string; messages: ChatSessionMessageRecord[] }): Promise<void> {
      if (input.messages.length === 0) return;
      await publish(input, [event(input, input.eventId, 'ChatSessionMessagesAdded', { ...ids(input), messages: input.messages })]);
    },

    async recordChatSessionEnded(
      input: ChatSessionRef & { eventId: string; reason: ChatSessionEndReason; endedAt: string; customerNumber: string | null },
    ): Promise<void> {
      await publish(input, [
        event(input, input.eventId, 'ChatSessionEnded', { ...ids(input), reason: input.reason, endedAt: input.endedAt, customerNumber: input.customerNumber }),
      ]);
    },

    /** The session as the post-call pipeline reads an interaction: its messages as transcript lines, the tools' actions as facts. */
    async transcribeChatSession(
      input: ChatSessionRef & { eventId: string; agentType: string; startedAt: string; messages: ChatSessionMessageRecord[]; actions: Action[] },
    ): Promise<InteractionInput> {
      const org = await context.findOrganization(input.orgId);
      if (!org) throw ApplicationFailure.nonRetryable(`organization ${input.orgId} is not in the read model`, 'UnknownOrganization');
      const lines = chatSessionTranscript(input.startedAt, input.messages);
      await publish(input, [
        createEvent({
          eventId: input.eventId,
          type: 'InteractionTranscribed',
          aggregateId: input.interactionId,
          orgId: input.orgId,
          correlationId: input.meta.correlationId,
          causationId: input.causationId,
          data: { interactionId: input.interactionId, orgId: input.orgId, lines },
        }),
      ]);
      return InteractionInputSchema.parse({
        source: 'chat',
        direction: 'inbound',
        agentType: input.agentType,
        org: taskOrgOf(org),
        transcript: lines,
        facts: { actions: input.actions, customerPhone: customerNumberOf(input.actions), startedAt: input.startedAt, endedReason: null, durationSeconds: null },
      });
    },

    /** The widget.event of a finished session (001 §3 "Widget event"), once the read model holds the pipeline's last step. */
    async describeChatSessionForNotification(input: {
      orgId: string;
      interactionId: string;
      callStatus: string;
      awaitEventIds: string[][];
      actions: Action[];
    }): Promise<NotificationEventInput> {
      const session = await sessions.findCaughtUp(input.interactionId, input.awaitEventIds);
      if (!session) throw ApplicationFailure.retryable(`chat session ${input.interactionId} is not projected yet`, 'NotProjectedYet');
      const org = await organizations.findOrganization(input.orgId);
      if (!org) throw ApplicationFailure.nonRetryable(`organization ${input.orgId} is not in the read model`, 'UnknownOrganization');
      return chatSessionEvent({ ...session, callStatus: input.callStatus }, org, input.actions);
    },
  };
}

/** The widget id a chat session's widget.event names: sessions come from the org's chat window (its chat config), not a booking widget. */
export const LLM_CHAT_WIDGET_ID = 'llm-chat';

/** 001 §3 "Widget event" for an LLM chat session: the csr.call fields plus widget_id, chat_id (the session id) and the transcript. */
export function chatSessionEvent(session: ChatSessionDoc, org: SnapshotOrganization, actions: readonly Action[]): NotificationEventInput {
  return {
    type: 'widget.event',
    payload: {
      interaction_id: session.interactionId,
      date: session.createdAt.toISOString(),
      subject: null,
      department: null,
      source: 'chat',
      call_status: session.callStatus as never,
      customer: {
        name: session.customerName,
        address: session.customerAddress,
        phone: session.customerNumber,
        ...(session.crmCustomerId ? { id: session.crmCustomerId } : {}),
      },
      summary: session.summary,
      bookings: bookingsOf(actions).map((b) => ({
        isEmergency: b.is_emergency_slot ?? false,
        appointment: { start: b.appointment_start_utc ?? b.appointment_time ?? '', end: null },
        techId: null,
        jobSummary: [],
        department: null,
        businessUnitName: null,
        businessUnitId: b.business_unit_id ?? null,
      })),
      tags: session.tags,
      errors: session.events.filter((e) => e.name === 'call_error').map((e) => e.metadata),
      agent_type: session.agentType as never,
      org: { id: org.id, name: org.name, timezone: org.timezone as never, crm_name: org.crmName as never },
      widget_id: LLM_CHAT_WIDGET_ID,
      chat_id: session.sessionId,
      transcript: session.messages.map((m) => ({ role: m.role, content: m.content, created_at: m.created_at })),
      booking_payload: null,
    },
  };
}

export type ChatSessionActivities = ReturnType<typeof createChatSessionActivities>;
