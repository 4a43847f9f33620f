import type { AppConfig } from '../config/env';
import type { Logger } from '../lib/logger';
import type { OrganizationRepository } from './repositories/organization.repository';
import type { SessionRepository } from './repositories/session.repository';
import type { StaffRepository } from './repositories/staff.repository';
import type { WorkflowGateway } from './use-cases/workflow-gateway.port';
import type { EventPublisher } from '../events/bus/event-bus.port';
import type { InteractionRepository } from './repositories/interaction.repository';
import type { VoiceProviderSecretRepository } from './repositories/voice-provider-secret.repository';
import type { InteractionGateway } from './use-cases/interaction-gateway.port';
import type { NotificationRepository } from './repositories/notification.repository';
import type { CrmProvider } from '../activities/crm/crm.port';
import type { CrmActionGateway } from './use-cases/crm-action-gateway.port';
import type { VoiceToolAuthRepository } from './repositories/voice-tool-auth.repository';

export interface ApiDeps {
  config: Pick<AppConfig, 'NODE_ENV' | 'ADMIN_API_TOKEN' | 'SESSION_TTL_HOURS'>;
  logger: Logger;
  organizations: OrganizationRepository;
  staff: StaffRepository;
  sessions: SessionRepository;
  workflows: WorkflowGateway;
  /** Calls and interactions (issue 3): webhooks in, call history out; user decisions are published as events. */
  calls: {
    interactions: InteractionRepository;
    secrets: VoiceProviderSecretRepository;
    gateway: InteractionGateway;
    events: EventPublisher;
  };
  /** Notifications (issue 5): the outbox, on-call schedule and notification settings; saves are published as events. */
  notifications: {
    repository: NotificationRepository;
    events: EventPublisher;
  };
  /** Live agent tools on the CRM (issue 4): the org's CRM, durable actions, tool-call auth, interaction events. */
  crm: {
    provider: CrmProvider;
    actions: CrmActionGateway;
    toolAuth: VoiceToolAuthRepository;
    events: EventPublisher;
    /** How long a tool call waits for its action before telling the agent it is being saved. */
    actionWaitMs: number;
  };
}
