import { createWidgetRepository } from '../events/projections/widgets/widgets.repository';
import { createFileStorage } from '../activities/storage/create-file-storage';
import { createVerifiedCallerIdRepository } from '../events/projections/verified-caller-ids/verified-caller-ids.repository';
import { createTemporalAgentPlatformGateway } from './use-cases/temporal-agent-platform-gateway';
import { createCallerIdVerification } from '../activities/telephony/create-caller-id-verification';
import { confirmedCallerIds } from '../activities/telephony/adapters/offline/offline-caller-ids.adapter';
import { createEnterpriseRepository } from './use-cases/enterprises';
import { createAssistantSessionRepository } from '../events/projections/assistant-sessions/assistant-sessions.repository';
import { Client, Connection } from '@temporalio/client';
import { createPromptHubRepository } from './repositories/prompt-hub.repository';
import { createLlmTraceRepository } from './repositories/llm-trace.repository';
import { createTemporalWidgetChatGateway } from './use-cases/temporal-widget-chat-gateway';
import { createChatSessionRepository } from '../events/projections/chat-sessions/chat-sessions.repository';
import { createChatConfigRepository } from '../events/projections/chat-configs/chat-configs.repository';
import { createWidgetChatRepository } from '../events/projections/widget-chats/widget-chats.repository';
import { createTemporalChatSessionGateway } from './use-cases/temporal-chat-session-gateway';
import { loadConfigOrExit } from '../config/env';
import { createLogger } from '../lib/logger';
import { startProcessMemoryLog } from '../lib/process-memory-log';
import { createDb } from '../prisma/client';
import { PROJECTIONS } from '../events/projections';
import { createDeadLetterOperations } from './use-cases/dead-letters';
import { createApp } from './app';
import { startLiveCalls } from './use-cases/live-calls';
import { createOrganizationRepository } from '../events/projections/organizations/organizations.repository';
import { createOrgProfileRepository } from './repositories/org-profile.repository';
import { createSessionRepository } from './repositories/session.repository';
import { createTeamRepository } from './repositories/team.repository';
import { createStaffRepository } from './repositories/staff.repository';
import { createTemporalScriptGenerationGateway } from './use-cases/temporal-script-generation-gateway';
import { createTemporalWorkflowGateway } from './use-cases/temporal-workflow-gateway';
import { createKafkaBus } from '../events/bus/kafka-bus';
import { createNotificationRepository } from './repositories/notification.repository';
import { createCapacityRepository } from '../events/projections/capacity-settings/capacity-settings.repository';
import { createCallAnalyticsRepository } from '../events/projections/call-analytics/call-analytics.repository';
import { createInteractionRepository } from '../events/projections/interactions/interactions.repository';
import { createTraceEvaluationRepository } from '../events/projections/trace-evaluations/trace-evaluations.repository';
import { createTemporalInteractionGateway } from './use-cases/temporal-interaction-gateway';
import { createCrm, verifyCrmConnection } from '../activities/crm/create-crm';
import { createOrganizationAgentDirectory } from './use-cases/web-calls';
import { kafkaConnectionOptions, temporalConnectionOptions } from '../config/cluster-connections';
import { createAgentRepository } from '../events/projections/agents/agents.repository';
import { createTemporalWebCallGateway } from './use-cases/temporal-web-call-gateway';
import { createTemporalCrmActionGateway } from '../activities/agent-tools/adapters/temporal/temporal-crm-action-gateway.adapter';
import { createTemporalAudienceBuildGateway } from './use-cases/temporal-audience-build-gateway';
import { createAudienceRepository } from '../events/projections/audiences/audiences.repository';
import { createVoicePlatformAccountStore } from '../activities/voice/voice-platform-accounts.repository';
import { createSecretBox, crmCredentialsKey } from '../lib/secrets/secret-box';
import { createVoiceProviderDirectory } from '../activities/voice/voice-provider-directory';
import { createVoiceCallTokenStore } from '../activities/voice/voice-call-tokens.repository';
import { deliverThrough } from './use-cases/voice-agent-calls';
import { createLanguageEngine, languageEngineConfigFrom } from '../activities/llm/create-language-engine';
import {
  createSmsNumberRepository,
  createTeamChatHookRepository,
  createWebhookAppRepository,
  createWebhookAttemptRepository,
} from './repositories/delivery.repository';
import { createMessaging } from '../activities/notifications/create-messaging';
import { outboundGuardFrom } from '../activities/http/outbound-address-guard';

async function main() {
  const config = loadConfigOrExit();
  const logger = createLogger('api', config.LOG_LEVEL);
  startProcessMemoryLog(logger, config.PROCESS_MEMORY_LOG_SECONDS);
  const db = createDb(config.databaseUrl);
  const connection = await Connection.connect(temporalConnectionOptions(config));
  const client = new Client({ connection, namespace: config.TEMPORAL_NAMESPACE });
  const bus = createKafkaBus({
    ...kafkaConnectionOptions(config),
    clientId: `${config.KAFKA_CLIENT_ID}-api`,
    topicPrefix: config.KAFKA_TOPIC_PREFIX,
    logger,
  });
  // One CRM (its caches shared by every route) and one language engine for the process.
  const { crm, connections } = createCrm({ adapter: config.CRM_ADAPTER, db, config });
  const engine = createLanguageEngine(languageEngineConfigFrom(config));
  const organizations = createOrganizationRepository(db);
  const agents = createAgentRepository(db);
  const interactionGateway = createTemporalInteractionGateway(client, config.TEMPORAL_TASK_QUEUE_PREFIX);
  const secretBox = createSecretBox(crmCredentialsKey(config));
  const voicePlatforms = createVoicePlatformAccountStore(db, secretBox);
  const callTokens = createVoiceCallTokenStore(db, secretBox);
  const ownApiUrl = `http://${config.API_HOST}:${config.API_PORT}`;
  const live = startLiveCalls({ databaseUrl: config.databaseUrl, logger });
  const callerIdRepository = createVerifiedCallerIdRepository(db);
  const app = createApp({
    config,
    logger,
    organizations,
    staff: createStaffRepository(db),
    auth: { events: bus },
    sessions: createSessionRepository(db, config.SESSION_TTL_HOURS),
    team: createTeamRepository(db),
    workflows: createTemporalWorkflowGateway(client, config.TEMPORAL_TASK_QUEUE_PREFIX),
    scriptGeneration: createTemporalScriptGenerationGateway(client, config.TEMPORAL_TASK_QUEUE_PREFIX),
    deadLetters: createDeadLetterOperations({ db, events: bus, projections: PROJECTIONS }),
    calls: {
      interactions: createInteractionRepository(db),
      evaluations: createTraceEvaluationRepository(db),
      gateway: interactionGateway,
      events: bus,
      live: live.hub,
    },
    analytics: { calls: createCallAnalyticsRepository(db), events: bus },
    notifications: { repository: createNotificationRepository(db), events: bus },
    delivery: {
      events: bus,
      smsNumbers: createSmsNumberRepository(db),
      webhookApps: createWebhookAppRepository(db),
      webhookAttempts: createWebhookAttemptRepository(db),
      teamChat: createTeamChatHookRepository(db),
      messaging: createMessaging({ config, db }),
      twilioAuthToken: config.TWILIO_AUTH_TOKEN ?? null,
      resendWebhookSecret: config.RESEND_WEBHOOK_SECRET ?? null,
      publicApiUrl: config.PUBLIC_API_URL ?? null,
      dashboardUrl: config.dashboardUrl,
      outbound: outboundGuardFrom(config),
    },
    audiences: { builds: createTemporalAudienceBuildGateway(client, config.TEMPORAL_TASK_QUEUE_PREFIX), repository: createAudienceRepository(db) },
    capacity: { repository: createCapacityRepository(db), events: bus },
    orgProfile: { repository: createOrgProfileRepository(db), events: bus },
    goLive: { events: bus, deploymentCrm: config.CRM_ADAPTER },
    agents: { repository: agents, events: bus, platform: createTemporalAgentPlatformGateway(client, config.TEMPORAL_TASK_QUEUE_PREFIX) },
    enterprises: { events: bus, repository: createEnterpriseRepository(db) },
    crm: {
      provider: crm,
      actions: createTemporalCrmActionGateway(client, config.TEMPORAL_TASK_QUEUE_PREFIX),
      events: bus,
      actionWaitMs: 8000,
      connections: connections
        ? {
            store: connections,
            verify: (connection) => verifyCrmConnection(connection, config),
            defaultServiceTitanAppKey: config.SERVICETITAN_APP_KEY ?? null,
          }
        : undefined,
    },
    voice: {
      providers: createVoiceProviderDirectory({
        db,
        accounts: voicePlatforms,
        deliver: deliverThrough(interactionGateway),
        callTokens: { store: callTokens, apiBaseUrl: config.PUBLIC_API_URL ?? ownApiUrl },
        logger,
      }),
      engine,
      platforms: voicePlatforms,
      callTokens,
      events: bus,
      ownApiUrl,
    },
    webCalls: {
      agents: createOrganizationAgentDirectory(organizations, crm, agents),
      gateway: createTemporalWebCallGateway(client, config.TEMPORAL_TASK_QUEUE_PREFIX),
    },
    llm: {
      engine,
      prompts: createPromptHubRepository(db),
      traces: createLlmTraceRepository(db),
      chats: createTemporalChatSessionGateway(client, config.TEMPORAL_TASK_QUEUE_PREFIX),
      events: bus,
      evaluationWebhookSecret: config.EVALUATION_WEBHOOK_SECRET ?? null,
    },
    assistant: { sessions: createAssistantSessionRepository(db), engine, events: bus },
    widgetChats: { gateway: createTemporalWidgetChatGateway(client, config.TEMPORAL_TASK_QUEUE_PREFIX), repository: createWidgetChatRepository(db) },
    chatSessions: { repository: createChatSessionRepository(db), configs: createChatConfigRepository(db), events: bus },
    callerIds: { repository: callerIdRepository, verification: createCallerIdVerification(config, confirmedCallerIds(callerIdRepository)), events: bus },
    widgets: { repository: createWidgetRepository(db), events: bus },
    storage: createFileStorage(config, config.PUBLIC_API_URL ?? ownApiUrl),
  });
  const server = app.listen(config.API_PORT, config.API_HOST, () => logger.info({ url: `http://${config.API_HOST}:${config.API_PORT}` }, 'API listening'));
  const stop = () => {
    // Open event streams would keep server.close waiting: they are ended first.
    void live.stop();
    server.close(async () => {
      await connection.close();
      await bus.close();
      await db.$disconnect();
      process.exit(0);
    });
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
