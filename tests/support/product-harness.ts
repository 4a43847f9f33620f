import { createWidgetRepository } from '../../events/projections/widgets/widgets.repository';
import { createFileStorage } from '../../activities/storage/create-file-storage';
import { createVerifiedCallerIdRepository } from '../../events/projections/verified-caller-ids/verified-caller-ids.repository';
import { createTemporalAgentPlatformGateway } from '../../api/use-cases/temporal-agent-platform-gateway';
import { createCallerIdVerification } from '../../activities/telephony/create-caller-id-verification';
import { confirmedCallerIds } from '../../activities/telephony/adapters/offline/offline-caller-ids.adapter';
import { createEnterpriseRepository } from '../../api/use-cases/enterprises';
import { createAssistantSessionRepository } from '../../events/projections/assistant-sessions/assistant-sessions.repository';
import { Client, Connection } from '@temporalio/client';
import { createPromptHubRepository } from '../../api/repositories/prompt-hub.repository';
import { createLlmTraceRepository } from '../../api/repositories/llm-trace.repository';
import { createTemporalWidgetChatGateway } from '../../api/use-cases/temporal-widget-chat-gateway';
import { createChatSessionRepository } from '../../events/projections/chat-sessions/chat-sessions.repository';
import { createChatConfigRepository } from '../../events/projections/chat-configs/chat-configs.repository';
import { createWidgetChatRepository } from '../../events/projections/widget-chats/widget-chats.repository';
import { createTemporalChatSessionGateway } from '../../api/use-cases/temporal-chat-session-gateway';
import type { Express } from 'express';
import { createApp } from '../../api/app';
import type { ApiDeps } from '../../api/deps';
import { startLiveCalls } from '../../api/use-cases/live-calls';
import { createOrganizationRepository } from '../../events/projections/organizations/organizations.repository';
import { createOrgProfileRepository } from '../../api/repositories/org-profile.repository';
import { createSessionRepository } from '../../api/repositories/session.repository';
import { createTeamRepository } from '../../api/repositories/team.repository';
import { createStaffRepository } from '../../api/repositories/staff.repository';
import { createTemporalWorkflowGateway } from '../../api/use-cases/temporal-workflow-gateway';
import { createTemporalScriptGenerationGateway } from '../../api/use-cases/temporal-script-generation-gateway';
import type { WorkflowGateway } from '../../api/use-cases/workflow-gateway.port';
import { createCallAnalyticsRepository } from '../../events/projections/call-analytics/call-analytics.repository';
import { createInteractionRepository } from '../../events/projections/interactions/interactions.repository';
import { createTraceEvaluationRepository } from '../../events/projections/trace-evaluations/trace-evaluations.repository';
import { createTemporalInteractionGateway } from '../../api/use-cases/temporal-interaction-gateway';
import type { AppConfig } from '../../config/env';
import { createKafkaBus } from '../../events/bus/kafka-bus';
import { createNotificationRepository } from '../../api/repositories/notification.repository';
import { createCapacityRepository } from '../../events/projections/capacity-settings/capacity-settings.repository';
import type { EventBus, Subscription } from '../../events/bus/event-bus.port';
import { PROJECTIONS } from '../../events/projections';
import { createDeadLetterOperations } from '../../api/use-cases/dead-letters';
import { runProjectors } from '../../events/projector';
import { createWorkers, runWorkers } from '../../worker/create-worker';
import { DefaultLogger, Runtime } from '@temporalio/worker';
import { createCrm, verifyCrmConnection } from '../../activities/crm/create-crm';
import { createOrganizationAgentDirectory } from '../../api/use-cases/web-calls';
import { createAgentRepository } from '../../events/projections/agents/agents.repository';
import { createTemporalWebCallGateway } from '../../api/use-cases/temporal-web-call-gateway';
import { createTemporalCrmActionGateway } from '../../activities/agent-tools/adapters/temporal/temporal-crm-action-gateway.adapter';
import { createTemporalAudienceBuildGateway } from '../../api/use-cases/temporal-audience-build-gateway';
import { createAudienceRepository } from '../../events/projections/audiences/audiences.repository';
import { createVoicePlatformAccountStore, type VoicePlatformAccountStore } from '../../activities/voice/voice-platform-accounts.repository';
import { createSecretBox, crmCredentialsKey } from '../../lib/secrets/secret-box';
import { createVoiceProviderDirectory } from '../../activities/voice/voice-provider-directory';
import { createVoiceCallTokenStore } from '../../activities/voice/voice-call-tokens.repository';
import { deliverThrough } from '../../api/use-cases/voice-agent-calls';
import { createLanguageEngine, languageEngineConfigFrom } from '../../activities/llm/create-language-engine';
import {
  createSmsNumberRepository,
  createTeamChatHookRepository,
  createWebhookAppRepository,
  createWebhookAttemptRepository,
} from '../../api/repositories/delivery.repository';
import { createMessaging } from '../../activities/notifications/create-messaging';
import { outboundGuardFrom } from '../../activities/http/outbound-address-guard';
import { createTestDatabase, integrationConfig, testLogger, uniqueName, type TestDatabase } from './integration';

export interface ProductHarness {
  config: AppConfig;
  tdb: TestDatabase;
  bus: EventBus;
  client: Client;
  gateway: WorkflowGateway;
  app: Express;
  /** What the app was built with, for a test that builds a second app with one dependency replaced. */
  deps: ApiDeps;
  adminToken: string;
  taskQueuePrefix: string;
  /** Voice-platform accounts as the API stores them (sealed). */
  voicePlatforms: VoicePlatformAccountStore;
  stop(): Promise<void>;
}

/**
 * The whole product in one test process against the real servers: its own database, topic prefix
 * and task-queue prefix, a real worker, real projectors, and the API app (not listening).
 */
export async function startProductHarness(env: Record<string, string> = {}): Promise<ProductHarness> {
  try {
    Runtime.install({ logger: new DefaultLogger('ERROR') });
  } catch {
    // already installed by an earlier test file in this jest worker
  }
  const prefix = uniqueName('it').toLowerCase().replace(/_/g, '-');
  const adminToken = `test-admin-token-${prefix}`;
  const config = integrationConfig({ ...env, KAFKA_TOPIC_PREFIX: `${prefix}.`, TEMPORAL_TASK_QUEUE_PREFIX: `${prefix}-`, ADMIN_API_TOKEN: adminToken });
  const tdb = await createTestDatabase(config);
  const bus = createKafkaBus({ brokers: config.KAFKA_BROKERS.split(','), clientId: prefix, topicPrefix: config.KAFKA_TOPIC_PREFIX, logger: testLogger });
  await bus.ensureTopics();
  const projectors: Subscription = await runProjectors({
    db: tdb.db,
    bus,
    projections: PROJECTIONS,
    topicPrefix: config.KAFKA_TOPIC_PREFIX,
    logger: testLogger,
  });
  // One CRM for the process, as in production: a connection saved through the API re-routes the worker's calls too.
  const crmComposition = createCrm({ adapter: config.CRM_ADAPTER, db: tdb.db, config });
  const { workers, connection: workerConnection } = await createWorkers({ config, db: tdb.db, events: bus, logger: testLogger, crm: crmComposition });
  const running = runWorkers(workers);
  const connection = await Connection.connect({ address: config.TEMPORAL_ADDRESS });
  const client = new Client({ connection, namespace: config.TEMPORAL_NAMESPACE });
  const gateway = createTemporalWorkflowGateway(client, config.TEMPORAL_TASK_QUEUE_PREFIX);
  const { crm, connections } = crmComposition;
  const engine = createLanguageEngine(languageEngineConfigFrom(config));
  const secretBox = createSecretBox(crmCredentialsKey(config));
  const voicePlatforms = createVoicePlatformAccountStore(tdb.db, secretBox);
  const callTokens = createVoiceCallTokenStore(tdb.db, secretBox);
  const ownApiUrl = `http://${config.API_HOST}:${config.API_PORT}`;
  const live = startLiveCalls({ databaseUrl: tdb.url, logger: testLogger });
  await live.ready;
  const callerIdRepository = createVerifiedCallerIdRepository(tdb.db);
  const deps: ApiDeps = {
    config,
    logger: testLogger,
    organizations: createOrganizationRepository(tdb.db),
    staff: createStaffRepository(tdb.db),
    auth: { events: bus },
    sessions: createSessionRepository(tdb.db, 1),
    team: createTeamRepository(tdb.db),
    workflows: gateway,
    scriptGeneration: createTemporalScriptGenerationGateway(client, config.TEMPORAL_TASK_QUEUE_PREFIX),
    deadLetters: createDeadLetterOperations({ db: tdb.db, events: bus, projections: PROJECTIONS }),
    calls: {
      interactions: createInteractionRepository(tdb.db),
      evaluations: createTraceEvaluationRepository(tdb.db),
      gateway: createTemporalInteractionGateway(client, config.TEMPORAL_TASK_QUEUE_PREFIX),
      events: bus,
      live: live.hub,
    },
    analytics: { calls: createCallAnalyticsRepository(tdb.db), events: bus },
    notifications: { repository: createNotificationRepository(tdb.db), events: bus },
    delivery: {
      events: bus,
      smsNumbers: createSmsNumberRepository(tdb.db),
      webhookApps: createWebhookAppRepository(tdb.db),
      webhookAttempts: createWebhookAttemptRepository(tdb.db),
      teamChat: createTeamChatHookRepository(tdb.db),
      messaging: createMessaging({ config, db: tdb.db }),
      twilioAuthToken: config.TWILIO_AUTH_TOKEN ?? null,
      resendWebhookSecret: config.RESEND_WEBHOOK_SECRET ?? null,
      publicApiUrl: config.PUBLIC_API_URL ?? null,
      dashboardUrl: config.dashboardUrl,
      outbound: outboundGuardFrom(config),
    },
    audiences: { builds: createTemporalAudienceBuildGateway(client, config.TEMPORAL_TASK_QUEUE_PREFIX), repository: createAudienceRepository(tdb.db) },
    capacity: { repository: createCapacityRepository(tdb.db), events: bus },
    orgProfile: { repository: createOrgProfileRepository(tdb.db), events: bus },
    goLive: { events: bus, deploymentCrm: config.CRM_ADAPTER },
    agents: {
      repository: createAgentRepository(tdb.db),
      events: bus,
      platform: createTemporalAgentPlatformGateway(client, config.TEMPORAL_TASK_QUEUE_PREFIX),
    },
    enterprises: { events: bus, repository: createEnterpriseRepository(tdb.db) },
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
        db: tdb.db,
        accounts: voicePlatforms,
        deliver: deliverThrough(createTemporalInteractionGateway(client, config.TEMPORAL_TASK_QUEUE_PREFIX)),
        callTokens: { store: callTokens, apiBaseUrl: config.PUBLIC_API_URL ?? ownApiUrl },
        logger: testLogger,
      }),
      engine,
      platforms: voicePlatforms,
      callTokens,
      events: bus,
      ownApiUrl,
    },
    webCalls: {
      agents: createOrganizationAgentDirectory(createOrganizationRepository(tdb.db), crm, createAgentRepository(tdb.db)),
      gateway: createTemporalWebCallGateway(client, config.TEMPORAL_TASK_QUEUE_PREFIX),
    },
    llm: {
      engine,
      prompts: createPromptHubRepository(tdb.db),
      traces: createLlmTraceRepository(tdb.db),
      chats: createTemporalChatSessionGateway(client, config.TEMPORAL_TASK_QUEUE_PREFIX),
      events: bus,
      evaluationWebhookSecret: config.EVALUATION_WEBHOOK_SECRET ?? null,
    },
    assistant: { sessions: createAssistantSessionRepository(tdb.db), engine, events: bus },
    widgetChats: { gateway: createTemporalWidgetChatGateway(client, config.TEMPORAL_TASK_QUEUE_PREFIX), repository: createWidgetChatRepository(tdb.db) },
    chatSessions: { repository: createChatSessionRepository(tdb.db), configs: createChatConfigRepository(tdb.db), events: bus },
    callerIds: { repository: callerIdRepository, verification: createCallerIdVerification(config, confirmedCallerIds(callerIdRepository)), events: bus },
    widgets: { repository: createWidgetRepository(tdb.db), events: bus },
    storage: createFileStorage(config, config.PUBLIC_API_URL ?? ownApiUrl),
  };
  const app = createApp(deps);
  return {
    config,
    tdb,
    bus,
    client,
    gateway,
    app,
    deps,
    adminToken,
    voicePlatforms,
    taskQueuePrefix: config.TEMPORAL_TASK_QUEUE_PREFIX,
    async stop() {
      for (const w of workers) w.shutdown();
      await running;
      await workerConnection.close();
      await connection.close();
      await projectors.stop();
      await live.stop();
      await bus.close();
      await tdb.drop();
    },
  };
}
