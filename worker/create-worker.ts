import { bundleWorkflowCode, NativeConnection, Worker, type WorkflowBundleWithSourceMap } from '@temporalio/worker';
import type { AppConfig } from '../config/env';
import type { Logger } from '../lib/logger';
import type { Db } from '../prisma/client';
import type { EventPublisher } from '../events/bus/event-bus.port';
import { createOrganizationActivities } from '../activities/organization/organization.activities';
import { createOrganizationDirectory } from '../activities/organization/organization-directory.repository';
import { TASK_QUEUES, taskQueue, type TaskQueueName } from '../workflows/task-queues';

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

/**
 * The composition root of the worker: adapters are built here and injected into activities.
 * One Worker per task queue (a capability's queue can then be scaled or paused on its own); each
 * runs the one workflow bundle and the full activity set.
 */
export async function createWorkers(deps: WorkerDeps): Promise<{ workers: Worker[]; connection: NativeConnection }> {
  const connection = await NativeConnection.connect({ address: deps.config.TEMPORAL_ADDRESS });
  const logger = deps.logger.child({ component: 'activities' });
  const activities = {
    ...createOrganizationActivities({ events: deps.events, directory: createOrganizationDirectory(deps.db), logger }),
  };
  const bundle = await workflowBundle();
  const workers = await Promise.all(
    (Object.keys(TASK_QUEUES) as TaskQueueName[]).map((name) =>
      Worker.create({
        connection,
        namespace: deps.config.TEMPORAL_NAMESPACE,
        taskQueue: taskQueue(name, deps.config.TEMPORAL_TASK_QUEUE_PREFIX),
        workflowBundle: bundle,
        activities,
      }),
    ),
  );
  return { workers, connection };
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
