import os from 'node:os';
import path from 'node:path';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { bundleWorkflowCode, Runtime, DefaultLogger, Worker, type WorkflowBundleWithSourceMap } from '@temporalio/worker';
import { temporal } from '@temporalio/proto';
import { provisionTemporalTestServer } from '../../scripts/stack/provision';
import { ORG_ID_ATTRIBUTE } from '../../workflows/search-attributes';

// Workflow tests run against Temporal's time-skipping test server, not the product stack: each suite
// starts its own and stops it in afterAll.

let runtimeInstalled = false;

/** Keeps the SDK's worker logs out of the test output unless they are errors (a fake activity's failures are expected). */
function quietRuntime(): void {
  if (runtimeInstalled) return;
  runtimeInstalled = true;
  try {
    Runtime.install({ logger: new DefaultLogger('ERROR') });
  } catch {
    // Another suite in this process installed it already.
  }
}

function cacheDir(): string {
  return process.env.HOMEAGENT_CACHE_DIR ?? path.join(os.homedir(), '.cache', 'homeagent');
}

/** The launcher of the cached test server; fetched from Maven Central the first time. */
export function testServerExecutable(): Promise<string> {
  return provisionTemporalTestServer(cacheDir(), (msg) => process.stderr.write(`[workflow tests] ${msg}\n`));
}

export async function startTimeSkippingEnvironment(): Promise<TestWorkflowEnvironment> {
  quietRuntime();
  const executable = { type: 'existing-path' as const, path: await testServerExecutable() };
  let env: TestWorkflowEnvironment | undefined;
  // The SDK gives the JVM 5 s to listen; on a saturated machine a few tries are cheaper than a red build.
  for (let attempt = 1; !env; attempt += 1) {
    try {
      env = await TestWorkflowEnvironment.createTimeSkipping({ server: { executable } });
    } catch (err) {
      if (attempt === 8) throw err;
      await new Promise((resolve) => setTimeout(resolve, 2_000 * attempt));
    }
  }
  // The dev server registers it at start (scripts/stack); workflows upsert it.
  await env.connection.operatorService.addSearchAttributes({
    namespace: env.namespace ?? 'default',
    searchAttributes: { [ORG_ID_ATTRIBUTE.name]: temporal.api.enums.v1.IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD },
  });
  return env;
}

/** The workflow bundle, built once per suite (webpack takes seconds); build it after the server is up, not beside it. */
export function bundleWorkflows(): Promise<WorkflowBundleWithSourceMap> {
  return bundleWorkflowCode({ workflowsPath: require.resolve('../../workflows'), logger: silentBundler });
}

const silentBundler = {
  log: () => undefined,
  trace: () => undefined,
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: (message: string) => process.stderr.write(`[bundler] ${message}\n`),
};

let queueCount = 0;

/** A task queue no other test in this suite uses, so a test's leftover runs never reach its neighbour's worker. */
export function freshTaskQueue(name: string): string {
  queueCount += 1;
  return `${name}-test-${queueCount}`;
}

/** Runs `fn` while a worker with these (fake) activities polls `taskQueue`. */
export async function withWorker<T>(
  env: TestWorkflowEnvironment,
  options: { taskQueue: string; workflowBundle: WorkflowBundleWithSourceMap; activities: object },
  fn: () => Promise<T>,
): Promise<T> {
  const worker = await Worker.create({
    connection: env.nativeConnection,
    namespace: env.namespace ?? 'default',
    taskQueue: options.taskQueue,
    workflowBundle: options.workflowBundle,
    activities: options.activities,
  });
  return worker.runUntil(fn);
}

export interface ActivityCall {
  name: string;
  input: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- each test reads the fields it asserts on
}

/** Wraps fake activities so a test can assert which were called, in what order and with what. */
export function recordCalls<T extends object>(activities: T): { activities: T; calls: ActivityCall[]; named: (name: keyof T & string) => ActivityCall[] } {
  const calls: ActivityCall[] = [];
  const wrapped = Object.fromEntries(
    Object.entries(activities).map(([name, fn]: [string, (input: unknown) => Promise<unknown>]) => [
      name,
      async (input: unknown) => {
        calls.push({ name, input });
        return fn(input);
      },
    ]),
  ) as T;
  return { activities: wrapped, calls, named: (name) => calls.filter((c) => c.name === name) };
}

/**
 * The time-skipping test server (1.38.0) keeps one time-skipping lock when a parent completes while a child it
 * started with ParentClosePolicy.ABANDON is still running (the interaction's notification hand-off): every
 * later timer in the suite would then wait in real time. Call once after each such run has fully finished.
 */
export async function releaseAbandonedChildLock(env: TestWorkflowEnvironment): Promise<void> {
  await env.connection.testService?.unlockTimeSkipping({});
}

/** One time-skipping server and one workflow bundle for a test file, set up before its tests and stopped after. */
export function useWorkflowTestEnvironment(): { env: TestWorkflowEnvironment; workflowBundle: WorkflowBundleWithSourceMap } {
  const suite = {} as { env: TestWorkflowEnvironment; workflowBundle: WorkflowBundleWithSourceMap };
  beforeAll(async () => {
    suite.env = await startTimeSkippingEnvironment();
    suite.workflowBundle = await bundleWorkflows();
  });
  afterAll(async () => {
    await suite.env?.teardown();
  });
  return suite;
}
