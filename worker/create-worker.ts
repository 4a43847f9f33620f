import { bundleWorkflowCode, NativeConnection, Worker, type WorkflowBundleWithSourceMap } from '@temporalio/worker';
import type { AppConfig } from '../config/env';
import { temporalConnectionOptions, type TemporalSettings } from '../config/cluster-connections';
import type { Logger } from '../lib/logger';
import type { Db } from '../prisma/client';
import type { EventPublisher } from '../events/bus/event-bus.port';
import { createOrganizationActivities } from '../activities/organization/organization.activities';
import { createOrganizationDirectory } from '../activities/organization/organization-directory.repository';
import { createInteractionActivities } from '../activities/interaction/interaction.activities';
import { createInteractionContextReader } from '../activities/interaction/interaction-context.repository';
import { createLanguageEngine, languageEngineConfigFrom, type LanguageEngineSettings } from '../activities/llm/create-language-engine';
import { createNotificationActivities } from '../activities/notifications/notification.activities';
import { createNotificationSettingsSource } from '../activities/notifications/notification-settings.repository';
import { createMessaging, type MessagingConfig } from '../activities/notifications/create-messaging';
import { createInteractionHandoffActivities } from '../activities/notifications/handoff/interaction-handoff.activities';
import { createInteractionSnapshotReader } from '../activities/notifications/handoff/interaction-snapshot.repository';
import type { Messaging } from '../activities/notifications/messaging.port';
import { createCrmActivities } from '../activities/crm/crm.activities';
import { createAudienceActivities } from '../activities/crm/audience.activities';
import { createWebhookDeliveryActivities } from '../activities/webhooks/webhook-delivery.activities';
import { createWebhookAppSource } from '../activities/webhooks/webhook-app.repository';
import { outboundGuardFrom } from '../activities/http/outbound-address-guard';
import { createCrm, verifyCrmConnection, type CrmComposition, type VendorCrmSettings } from '../activities/crm/create-crm';
import { createCrmConnectionActivities } from '../activities/crm/crm-connection.activities';
import { createWidgetChatActivities } from '../activities/widget-chat/widget-chat.activities';
import { createChatSessionActivities } from '../activities/chat-session/chat-session.activities';
import { createChatSessionRepository } from '../events/projections/chat-sessions/chat-sessions.repository';
import { createWidgetChatRepository } from '../events/projections/widget-chats/widget-chats.repository';
import { createCapacityRepository } from '../events/projections/capacity-settings/capacity-settings.repository';
import { findOrganizationSummary } from '../events/projections/organizations/organizations.repository';
import { createFollowUpActivities } from '../activities/interaction/follow-up.activities';
import { createFollowUpContextReader } from '../activities/interaction/follow-up-context.repository';
import { createCustomerSuccessTracker, type CustomerSuccessConfig } from '../activities/customer-success/create-customer-success-tracker';
import { createAgentRuntimeActivities } from '../activities/agent-runtime/agent-runtime.activities';
import { createOnboardingAgentsActivities } from '../activities/agents/onboarding-agents.activities';
import { createWebsiteActivities } from '../activities/website/website.activities';
import { createWebsiteReader } from '../activities/website/create-website-reader';
import { createScriptGenerationActivities } from '../activities/script-generation/script-generation.activities';
import { createJobTypeSheetActivities } from '../activities/script-generation/job-type-sheet.activities';
import { createAgentRepository } from '../events/projections/agents/agents.repository';
import { createAgentPlatformActivities } from '../activities/voice/agent-platform.activities';
import { createVoicePlatformAccountStore } from '../activities/voice/voice-platform-accounts.repository';
import { createVoiceProviderDirectory } from '../activities/voice/voice-provider-directory';
import { createSecretBox, crmCredentialsKey } from '../lib/secrets/secret-box';
import { findOrganization } from '../events/projections/organizations/organizations.repository';
import { createWorkerAgentTools } from './create-agent-tools';
import { TASK_QUEUES, taskQueue, type TaskQueueName } from '../domain/run/task-queues';
import { workflowCacheOptions } from './workflow-cache';

/** TEMPORAL_MAX_CACHED_WORKFLOWS's default, for callers that build the config by hand. */
const DEFAULT_MAX_CACHED_WORKFLOWS = 200;

let bundle: Promise<WorkflowBundleWithSourceMap> | undefined;

/** Bundles the workflows once per process (webpack + swc, offline). */
export function workflowBundle(): Promise<WorkflowBundleWithSourceMap> {
  bundle ??= bundleWorkflowCode({ workflowsPath: require.resolve('../workflows'), logger: quietBundlerLogger });
  return bundle;
}

const quietBundlerLogger = {
  log: () => undefined,
  trace: () => undefined,
  debug: () => undefined,
  info: () => undefined,
  warn: (message: string) => process.stderr.write(`[bundler] ${message}\n`),
  error: (message: string) => process.stderr.write(`[bundler] ${message}\n`),
};

export interface WorkerDeps {
  config: Pick<
    AppConfig,
    | 'TEMPORAL_ADDRESS'
    | 'TEMPORAL_NAMESPACE'
    | 'TEMPORAL_TASK_QUEUE_PREFIX'
    | 'CRM_ADAPTER'
    | 'MESSAGING_ADAPTER'
    | 'OUTBOUND_ALLOW_PRIVATE_ADDRESSES'
    | 'dashboardUrl'
    | 'NODE_ENV'
    | 'CRM_CREDENTIALS_KEY'
  > &
    Partial<Pick<AppConfig, 'TEMPORAL_MAX_CACHED_WORKFLOWS' | 'WEBSITE_ADAPTER' | 'WORKFLOW_BUNDLE_PATH'>> &
    TemporalSettings &
    LanguageEngineSettings &
    MessagingConfig &
    VendorCrmSettings &
    CustomerSuccessConfig;
  /** The process's CRM when the caller built it already (the test harness runs the API in the same process). */
  crm?: CrmComposition;
  /** Replaces the configured messaging adapters (tests that need a phone nobody answers). */
  messaging?: Messaging;
  db: Db;
  events: EventPublisher;
  logger: Logger;
}

/**
 * The composition root of the worker: adapters are built here and injected into activities.
 * One Worker per task queue (a capability's queue can then be scaled or paused on its own); each
 * runs the one workflow bundle and the full activity set.
 */
export async function createWorkers(deps: WorkerDeps): Promise<{ workers: Worker[]; connection: NativeConnection }> {
  const connection = await NativeConnection.connect(temporalConnectionOptions(deps.config));
  const logger = deps.logger.child({ component: 'activities' });
  // One CRM and one engine per process: the CRM's caches of read-mostly data are then shared by every activity.
  const crm = deps.crm ?? createCrm({ adapter: deps.config.CRM_ADAPTER, db: deps.db, config: deps.config });
  const engine = createLanguageEngine(languageEngineConfigFrom(deps.config));
  const organizations = {
    findOrganization: async (orgId: string) => {
      const row = await findOrganization(deps.db, orgId);
      return row && { id: row.id, name: row.name, tradesOffered: row.tradesOffered, crmName: row.crmName };
    },
  };
  const activities = {
    ...createCrmActivities({ events: deps.events, crm: crm.crm, sandbox: crm.sandbox, logger }),
    ...createCrmConnectionActivities({ connections: crm.connections, verify: (connection) => verifyCrmConnection(connection, deps.config), logger }),
    ...createAudienceActivities({ events: deps.events, crm: crm.crm, logger }),
    ...createOrganizationActivities({ events: deps.events, directory: createOrganizationDirectory(deps.db), logger }),
    ...createOnboardingAgentsActivities({ events: deps.events, crm: crm.crm, logger }),
    ...createFollowUpActivities({
      events: deps.events,
      crm: crm.crm,
      context: createFollowUpContextReader(deps.db),
      tracker: createCustomerSuccessTracker(deps.config, deps.db),
      logger,
    }),
    ...createInteractionActivities({ events: deps.events, engine, context: createInteractionContextReader(deps.db), logger }),
    ...createAgentRuntimeActivities({
      engine,
      tools: createWorkerAgentTools({ db: deps.db, crm: crm.crm, events: deps.events, logger, taskQueuePrefix: deps.config.TEMPORAL_TASK_QUEUE_PREFIX }),
      logger,
    }),
    ...createNotificationActivities({
      events: deps.events,
      settings: createNotificationSettingsSource(deps.db),
      messaging: deps.messaging ?? createMessaging({ config: deps.config, db: deps.db }),
      dashboardUrl: deps.config.dashboardUrl,
      logger,
    }),
    ...createWebhookDeliveryActivities({
      events: deps.events,
      apps: createWebhookAppSource(deps.db),
      logger,
      outbound: outboundGuardFrom(deps.config),
    }),
    ...createInteractionHandoffActivities({ snapshots: createInteractionSnapshotReader(deps.db), crm: crm.crm, logger }),
    ...createWidgetChatActivities({
      events: deps.events,
      crm: crm.crm,
      capacity: createCapacityRepository(deps.db),
      chats: createWidgetChatRepository(deps.db),
      context: createInteractionContextReader(deps.db),
      organizations: { findOrganization: (orgId) => findOrganizationSummary(deps.db, orgId) },
    }),
    ...createChatSessionActivities({
      events: deps.events,
      sessions: createChatSessionRepository(deps.db),
      context: createInteractionContextReader(deps.db),
      organizations: { findOrganization: (orgId) => findOrganizationSummary(deps.db, orgId) },
    }),
    ...createWebsiteActivities({ website: createWebsiteReader(deps.config, outboundGuardFrom(deps.config)) }),
    ...createScriptGenerationActivities({ events: deps.events, engine, agents: createAgentRepository(deps.db), organizations, logger }),
    ...createJobTypeSheetActivities({ events: deps.events, engine, crm: crm.crm, organizations, logger }),
    ...createAgentPlatformActivities({
      events: deps.events,
      agents: createAgentRepository(deps.db),
      // Only agent configuration goes through these platforms here: no call is placed, so nothing is delivered.
      providers: createVoiceProviderDirectory({
        db: deps.db,
        accounts: createVoicePlatformAccountStore(deps.db, createSecretBox(crmCredentialsKey(deps.config))),
        deliver: () => Promise.reject(new Error('the worker places no sandbox calls')),
      }),
      logger,
    }),
  };
  // A production start loads the bundle `npm run build` wrote (as Temporal's production sample does); else bundle now.
  const bundle = deps.config.WORKFLOW_BUNDLE_PATH ? { codePath: deps.config.WORKFLOW_BUNDLE_PATH } : await workflowBundle();
  const workers = await Promise.all(
    (Object.keys(TASK_QUEUES) as TaskQueueName[]).map((name) =>
      Worker.create({
        connection,
        namespace: deps.config.TEMPORAL_NAMESPACE,
        taskQueue: taskQueue(name, deps.config.TEMPORAL_TASK_QUEUE_PREFIX),
        workflowBundle: bundle,
        activities,
        ...workerOptions(name, deps.config),
      }),
    ),
  );
  return { workers, connection };
}

/** A task queue's worker settings beyond its queue and code (`bench:calls` runs the engine's floor with the interaction queue's). */
export function workerOptions(name: TaskQueueName, config: Partial<Pick<AppConfig, 'TEMPORAL_MAX_CACHED_WORKFLOWS'>>) {
  return workflowCacheOptions(config.TEMPORAL_MAX_CACHED_WORKFLOWS ?? DEFAULT_MAX_CACHED_WORKFLOWS)[name];
}

/** Runs every worker until shutdown; one failing worker shuts the others down. */
export async function runWorkers(workers: Worker[]): Promise<void> {
  try {
    await Promise.all(workers.map((w) => w.run()));
  } catch (err) {
    for (const w of workers) if (w.getState() === 'RUNNING') w.shutdown();
    throw err;
  }
}
