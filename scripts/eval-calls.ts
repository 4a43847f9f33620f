import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DefaultLogger, Runtime } from '@temporalio/worker';
import type { CallTypeDecider } from '../activities/llm/adapters/offline/offline-call-analysis';
import { OfflineLanguageEngine } from '../activities/llm/adapters/offline/offline.engine';
import { createLanguageEngine } from '../activities/llm/create-language-engine';
import { bundleWorkflows, startTimeSkippingEnvironment } from '../tests/support/workflow-environment';
import { buildCallEvalReport, formatCallEvalReport } from './eval/call-eval-report';
import { loadEvalSet } from './eval/eval-call.schema';
import { playCalls } from './eval/play-calls';

// `npm run eval:calls [-- --set <dir>] [--json] [--concurrency <n>] [--only <text>] [--call-type rules|model]`: plays the labelled
// calls of scripts/eval/calls (or another set) through the interaction workflow with the real interaction
// activities and the offline language engine, on Temporal's time-skipping test server, and prints how
// far the pipeline agrees with the labels. EVAL_TRACE=1 prints each activity as it starts and ends.

function callTypeDecider(value: string | undefined): CallTypeDecider {
  if (value === 'rules' || value === 'model') return value;
  throw new Error(`--call-type is rules or model, not ${value}`);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      set: { type: 'string', default: resolve(__dirname, 'eval/calls') },
      json: { type: 'boolean', default: false },
      concurrency: { type: 'string', default: '8' },
      only: { type: 'string' },
      'call-type': { type: 'string', default: 'model' },
    },
  });
  const all = loadEvalSet(resolve(values.set));
  const calls = values.only ? all.filter((c) => c.id.includes(values.only as string) || c.file.includes(values.only as string)) : all;
  if (calls.length === 0) throw new Error(`no calls in ${values.set}${values.only ? ` matching "${values.only}"` : ''}`);
  const log = (line: string) => process.stderr.write(`${line}\n`);
  // The SDK's native side prints its warnings to stdout unless told otherwise; stdout is the report's (--json).
  Runtime.install({ logger: new DefaultLogger('ERROR'), telemetryOptions: { logging: { filter: { core: 'ERROR', other: 'ERROR' }, forward: {} } } });

  log(`[eval:calls] ${calls.length} calls from ${values.set}; starting the Temporal test server`);
  const env = await startTimeSkippingEnvironment();
  try {
    const workflowBundle = await bundleWorkflows();
    const started = Date.now();
    const outcomes = await playCalls(calls, {
      env,
      workflowBundle,
      // The offline engine, its call type decided by its trained model (as the product's) or, with --call-type rules, by its rules.
      engine:
        values['call-type'] === 'model'
          ? createLanguageEngine({ adapter: 'offline' })
          : new OfflineLanguageEngine({ callType: callTypeDecider(values['call-type']) }),
      concurrency: Number(values.concurrency),
      onOutcome: (_o, done) => {
        if (done % 25 === 0 || done === calls.length) log(`[eval:calls] ${done}/${calls.length} played`);
      },
    });
    log(`[eval:calls] played in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const report = buildCallEvalReport(outcomes);
    process.stdout.write(values.json ? `${JSON.stringify({ set: resolve(values.set), report, outcomes }, null, 2)}\n` : `${formatCallEvalReport(report)}\n`);
  } finally {
    await env.teardown();
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
