import { bundleWorkflowCode, NativeConnection, Worker, type WorkflowBundleWithSourceMap } from '@temporalio/worker';
import type { AppConfig } from '../config/env';
import type { Logger } from '../lib/logger';
import type { Db } from '../prisma/client';
import type { EventPublisher } from '../events/bus/event-bus.port';
import { createOrganizationActivities } from '../activities/organization/organization.activities';
import { createOrganizationDirectory } from '../activities/organization/organization-directory.repository';
import { taskQueue } from '../workflows/task-queues';

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
  config: Pick<AppConfig, 'TEMPORAL_ADDRESS' | 'TEMPORAL_NAMESPACE' | 'TEMPORAL_TASK_QUEUE_PREFIX'>;
  db: Db;
  events: EventPublisher;
  logger: Logger;
}

/** The composition root of the worker: adapters are built here and injected into activities. */
export async function createWorker(deps: WorkerDeps): Promise<{ worker: Worker; connection: NativeConnection }> {
  const connection = await NativeConnection.connect({ address: deps.config.TEMPORAL_ADDRESS });
  const activities = {
    ...createOrganizationActivities({
      events: deps.events,
      directory: createOrganizationDirectory(deps.db),
      logger: deps.logger.child({ component: 'activities' }),
    }),
  };
  const worker = await Worker.create({
    connection,
    namespace: deps.config.TEMPORAL_NAMESPACE,
    taskQueue: taskQueue('onboarding', deps.config.TEMPORAL_TASK_QUEUE_PREFIX),
    workflowBundle: await workflowBundle(),
    activities,
  });
  return { worker, connection };
}
