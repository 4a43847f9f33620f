import type { AppConfig } from '../config/env';
import type { AbuseLimitSettings } from './http/abuse-limits';
import type { OutboundPolicy } from '../activities/http/outbound-address-guard';
import type { Logger } from '../lib/logger';
import type { CallAnalyticsRepository } from '../events/projections/call-analytics/call-analytics.repository';
import type { OrganizationRepository } from '../events/projections/organizations/organizations.repository';
import type { SessionRepository } from './repositories/session.repository';
import type { StaffRepository } from './repositories/staff.repository';
import type { TeamRepository } from './repositories/team.repository';
import type { WorkflowGateway } from './use-cases/workflow-gateway.port';
import type { EventPublisher } from '../events/bus/event-bus.port';
import type { InteractionRepository } from '../events/projections/interactions/interactions.repository';
import type { TraceEvaluationRepository } from '../events/projections/trace-evaluations/trace-evaluations.repository';
import type { InteractionGateway } from './use-cases/interaction-gateway.port';
import type { LiveCallsHub } from './use-cases/live-calls';
import type { NotificationRepository } from './repositories/notification.repository';
import type { CrmProvider } from '../activities/crm/crm.port';
import type { CrmConnectionStore } from '../activities/crm/crm-connection.repository';
import type { CrmConnection } from '../domain/crm/crm-config.schema';
import type { CrmActionGateway } from '../activities/agent-tools/crm-action-gateway.port';
import type { AudienceBuildGateway } from './use-cases/audience-build-gateway.port';
import type { AudienceRepository } from '../events/projections/audiences/audiences.repository';
import type { VoiceCallTokenStore } from '../activities/voice/voice-call-tokens.repository';
import type { VoicePlatformAccountStore } from '../activities/voice/voice-platform-accounts.repository';
import type { CapacityRepository } from '../events/projections/capacity-settings/capacity-settings.repository';
import type { OrgProfileRepository } from './repositories/org-profile.repository';
import type { VoiceProviderDirectory } from '../activities/voice/voice-provider-directory';
import type { LanguageEngine } from '../activities/llm/language-engine.port';

import type { AgentDirectory } from '../activities/agent-runtime/agent-directory';
import type { ScriptGenerationGateway } from './use-cases/script-generation-gateway.port';
import type { AgentRepository } from '../events/projections/agents/agents.repository';
import type { AgentPlatformGateway } from './use-cases/agent-platform-gateway.port';
import type { WebCallGateway } from './use-cases/web-call-gateway.port';
import type { ChatSessionGateway } from './use-cases/chat-session-gateway.port';
import type { WidgetChatGateway } from './use-cases/widget-chat-gateway.port';
import type { WidgetChatRepository } from '../events/projections/widget-chats/widget-chats.repository';
import type { ChatSessionRepository } from '../events/projections/chat-sessions/chat-sessions.repository';
import type { ChatConfigRepository } from '../events/projections/chat-configs/chat-configs.repository';
import type { PromptHubRepository } from './repositories/prompt-hub.repository';
import type { LlmTraceRepository } from './repositories/llm-trace.repository';

import type { SmsNumberRepository, TeamChatHookRepository, WebhookAppRepository, WebhookAttemptRepository } from './repositories/delivery.repository';
import type { Messaging } from '../activities/notifications/messaging.port';
import type { DeadLetterOperations } from './use-cases/dead-letters';
import type { AssistantDeps } from './use-cases/ai-assistant';
import type { GoLiveDeps } from './use-cases/go-live';
import type { CallerIdVerification } from '../activities/telephony/caller-id-verification.port';
import type { VerifiedCallerIdRepository } from '../events/projections/verified-caller-ids/verified-caller-ids.repository';
import type { EnterpriseDeps } from './use-cases/enterprises';
import type { WidgetRepository } from '../events/projections/widgets/widgets.repository';
import type { FileStorage } from '../activities/storage/file-storage.port';
import type { LocalFileStorage } from '../activities/storage/adapters/local/local-file-storage.adapter';

export interface ApiDeps {
  config: Pick<AppConfig, 'NODE_ENV' | 'ADMIN_API_TOKEN' | 'SESSION_TTL_HOURS'> &
    Partial<AbuseLimitSettings> &
    Partial<Pick<AppConfig, 'DEMO_ORG_SLUG' | 'WIDGET_CHAT_IDLE_SECONDS' | 'LLM_CHAT_FOLLOW_UP_SECONDS' | 'dashboardUrl'>>;
  logger: Logger;
  organizations: OrganizationRepository;
  staff: StaffRepository;
  /** Logins store a stronger hash of an outdated one as StaffUserPasswordRehashed (lib/passwords). */
  auth: { events: EventPublisher };
  sessions: SessionRepository;
  /** Team members (issue 14): invitations as projected and the single-use link tokens; changes are published on auth.events. */
  team: TeamRepository;
  workflows: WorkflowGateway;
  /** Script generation and job-type sheets (issue 14 point 3): admin workflows, started and read here. */
  scriptGeneration: ScriptGenerationGateway;
  /** Events a projection could not apply (issue 12): listed, retried or discarded by operators, each action an event. */
  deadLetters: DeadLetterOperations;
  /** Calls and interactions (issue 3): webhooks in, call history out; user decisions are published as events. */
  calls: {
    interactions: InteractionRepository;
    /** The calls' evaluations (POST /llm/evaluation, the evaluation webhook), shown with the call details. */
    evaluations: TraceEvaluationRepository;
    gateway: InteractionGateway;
    events: EventPublisher;
    /** Live calls (issue 13): the read model's changes, fanned out to the dashboards' event streams. */
    live: LiveCallsHub;
  };
  /** Call analytics (issue 13): read from the call-analytics rollups; the average job revenue is set by an event. */
  analytics: { calls: CallAnalyticsRepository; events: EventPublisher };
  /** Notifications (issue 5): the outbox, on-call schedule and notification settings; saves are published as events. */
  notifications: {
    repository: NotificationRepository;
    events: EventPublisher;
  };
  /** Live agent tools on the CRM (issue 4): the org's CRM, durable actions, interaction events. */
  /** Going live (issue 14): the checklist's facts beyond the organization row, and OrganizationWentLive. */
  goLive: GoLiveDeps;
  /** Enterprises (issue 14): created and grouped by operators, read by their admins. */
  enterprises: EnterpriseDeps;
  crm: {
    provider: CrmProvider;
    actions: CrmActionGateway;
    events: EventPublisher;
    /** How long a tool call waits for its action before telling the agent it is being saved. */
    actionWaitMs: number;
    /** Organizations' own CRM credentials (crm_config); absent, a crm_config cannot be stored. */
    connections?: {
      store: CrmConnectionStore;
      /** One cheap read with the credentials; throws CrmError when they do not work. */
      verify: (connection: CrmConnection) => Promise<void>;
      /** The deployment's SERVICETITAN_APP_KEY, the default of a ServiceTitan crm_config's appKey. */
      defaultServiceTitanAppKey: string | null;
    };
  };
  /** Audience builds from CRM rules (issue 4): queued as workflows, their status read from the audiences read model. */
  audiences: { builds: AudienceBuildGateway; repository: AudienceRepository };
  /** Outbound calls (issue 3): each org's voice platform, the sandbox when it has none; `fetch` proxies recordings. */
  voice: {
    providers: VoiceProviderDirectory;
    /** POST /voice-agent/summarize runs the generic summary AI task on this engine (LLM_ADAPTER). */
    engine: LanguageEngine;
    fetch?: typeof fetch;
    /**
     * Each org's voice-platform accounts, secrets sealed (webhook signatures, tool secrets, API keys); saves are
     * published as VoicePlatformConfigured.
     */
    platforms: VoicePlatformAccountStore;
    /** The per-call webhook tokens of calls placed on Synthflow and Vapi (sealed), checked on their deliveries. */
    callTokens: Pick<VoiceCallTokenStore, 'matches'>;
    events: EventPublisher;
    /** The API's own address, the base of the webhook and tool URLs shown for the vendors' consoles when PUBLIC_API_URL is not set. */
    ownApiUrl: string;
  };
  /** Capacity (issue 4): the availability view, scheduling rules and capacity settings; saves are published as events. */
  capacity: {
    repository: CapacityRepository;
    events: EventPublisher;
  };
  /** Company profile and custom instructions (001 §2.13, §2.14); saves are published as events. */
  orgProfile: {
    repository: OrgProfileRepository;
    events: EventPublisher;
  };
  /** Agents as records (issue 14): the agents read model; creates and edits are published as events. */
  agents: { repository: AgentRepository; events: EventPublisher; platform: AgentPlatformGateway };
  /** Web calls with the in-house agent (issue 3): the org's agents (recorded or default) and one workflow per call. */
  webCalls: {
    agents: AgentDirectory;
    gateway: WebCallGateway;
  };
  /** Notification delivery (issue 5): SMS provider webhooks in, webhook-delivery setup and its attempts. */
  delivery: {
    events: EventPublisher;
    smsNumbers: SmsNumberRepository;
    webhookApps: WebhookAppRepository;
    webhookAttempts: WebhookAttemptRepository;
    /** Each organization's own team-chat webhook URL (set by PUT /org). */
    teamChat: TeamChatHookRepository;
    /** POST /integrations/send-sms and /send-email send through the same ports as notifications (MESSAGING_ADAPTER). */
    messaging: Messaging;
    /** Twilio signs its webhooks with the account's auth token; without one they are accepted unsigned. */
    twilioAuthToken: string | null;
    /** RESEND_WEBHOOK_SECRET (whsec_…): Resend's e-mail webhooks must be Svix-signed with it; without one they are accepted unsigned. */
    resendWebhookSecret: string | null;
    /** The API's public base URL as providers call it; the request's own host otherwise. */
    publicApiUrl: string | null;
    dashboardUrl: string;
    /** OUTBOUND_ALLOW_PRIVATE_ADDRESSES: whether a webhook URL may name a loopback or private IP; refused when absent. */
    outbound?: OutboundPolicy;
  };
  /** The /llm group (spec 000 §7): AI tasks on LLM_ADAPTER, the prompt hub, evaluations, LLM chat sessions. */
  llm: {
    engine: LanguageEngine;
    prompts: PromptHubRepository;
    traces: LlmTraceRepository;
    chats: ChatSessionGateway;
    events: EventPublisher;
    /** EVALUATION_WEBHOOK_SECRET; without one the evaluation webhook refuses every delivery. */
    evaluationWebhookSecret: string | null;
  };
  /** The AI assistant for CSRs (001 §2.15): questions about a call answered on LLM_ADAPTER; sessions are events read back from their read model. */
  assistant: AssistantDeps;
  /** Website widget chats (issue 15): one workflow per chat answers the visitor's requests; the Chats page reads the read model. */
  widgetChats: {
    gateway: WidgetChatGateway;
    repository: WidgetChatRepository;
  };
  /** LLM chat mode (001 §2.7): the org's chat agent settings and the chat sessions read model (sessions themselves run on llm.chats). */
  chatSessions: {
    repository: ChatSessionRepository;
    configs: ChatConfigRepository;
    events: EventPublisher;
  };
  /** Verified outbound caller IDs (001 §2.17): the read model, the telephony provider (TELEPHONY_ADAPTER), changes published as events. */
  callerIds: {
    repository: VerifiedCallerIdRepository;
    verification: CallerIdVerification;
    events: EventPublisher;
  };
  /** Website chat/booking widgets (001 §2.6): the widgets read model; creates and config changes are published as events. */
  widgets: { repository: WidgetRepository; events: EventPublisher };
  /**
   * Uploaded files (STORAGE_ADAPTER): `files` issues upload URLs; `local` is the local adapter when it is the one in
   * use, whose upload and download routes the API serves (null with s3: those routes answer 404).
   */
  storage: { files: FileStorage; local: LocalFileStorage | null };
}
