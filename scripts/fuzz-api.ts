import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfigOrExit, TEST_STACK_ENV } from '../config/env';
import { applyMigrations } from '../prisma/migrator';
import { seedDemo } from '../prisma/seed';
import { startProductHarness } from '../tests/support/product-harness';
import { bringUpServers, type Supervisor } from './stack';
import { provisionSchemathesis } from './stack/provision';
import { isPortOpen } from './stack/servers';
import { SCHEMATHESIS_VERSION } from './stack/versions';
import { exitWith, logIn } from './stack/http-session';

// `npm run fuzz:api`: Schemathesis (pinned, from PyPI, in a cached virtualenv) generates requests for every
// operation of /openapi.json, as an operator, against the whole product (API, worker, projectors) on the test
// stack of HOMEAGENT_TEST_SLOT (started here when it is not up) with a database and prefixes of its own.
// Every answer must be no 5xx, a status the operation documents, and a body matching its documented schema.
// Exits non-zero on any failure. FUZZ_MAX_EXAMPLES and FUZZ_SEED change the run's size and seed.

const CHECKS = ['not_a_server_error', 'status_code_conformance', 'response_schema_conformance'];
const MAX_EXAMPLES = Number(process.env.FUZZ_MAX_EXAMPLES ?? 10);
const SEED = Number(process.env.FUZZ_SEED ?? 20261127);
// Logging out ends the session every other request carries, so it is fuzzed last, on a session of its own.
const LOGOUT = '/auth/logout';
const log = (msg: string) => console.log(`[fuzz:api] ${msg}`);

interface PassResult {
  code: number;
  operations: number;
  examples: number;
  failures: string[];
}

/** One schemathesis run; its figures come from the run's NDJSON event stream. */
async function runSchemathesis(cli: string, base: string, cookie: string, orgIds: string[], filter: string[], reportDir: string): Promise<PassResult> {
  fs.mkdirSync(reportDir, { recursive: true });
  const ndjson = path.join(reportDir, 'events.ndjson');
  // Random org ids only reach "not found": half the time an orgId is one of the seeded organizations, so
  // handlers run past their lookups on real data.
  const configFile = path.join(reportDir, 'schemathesis.toml');
  fs.writeFileSync(
    configFile,
    [
      '[dictionaries.orgs]',
      `values = ${JSON.stringify(orgIds)}`,
      '',
      '[parameters]',
      ...['query', 'path', 'body'].map((where) => `"${where}.orgId" = { dictionary = "orgs", probability = 0.5 }`),
      '',
    ].join('\n'),
  );
  const args = [
    '--config-file',
    configFile,
    'run',
    `${base}/openapi.json`,
    '--checks',
    CHECKS.join(','),
    '--phases',
    'examples,coverage,fuzzing',
    '--max-examples',
    String(MAX_EXAMPLES),
    '--seed',
    String(SEED),
    '--workers',
    '2',
    '--request-timeout',
    '30',
    '--max-redirects',
    '0',
    '--generation-database',
    'none',
    '--generation-with-security-parameters',
    'false',
    '--suppress-health-check',
    'all',
    '--no-color',
    '--header',
    `Cookie: ${cookie}`,
    '--report',
    'ndjson,junit',
    '--report-ndjson-path',
    ndjson,
    '--report-junit-path',
    path.join(reportDir, 'junit.xml'),
    ...filter,
  ];
  const code = await new Promise<number>((resolve) => {
    // Its cache (failures it replays next time) goes beside the reports, which each run starts without.
    const child = spawn(cli, args, { stdio: 'inherit', cwd: reportDir });
    child.on('exit', (c) => resolve(c ?? 1));
  });
  return { code, ...summarize(ndjson) };
}

/** Operations tested, requests sent and failed checks, read from Schemathesis's NDJSON events. */
function summarize(ndjson: string): Omit<PassResult, 'code'> {
  const operations = new Set<string>();
  const failures: string[] = [];
  let examples = 0;
  if (!fs.existsSync(ndjson)) return { operations: 0, examples: 0, failures: ['no report written'] };
  for (const line of fs.readFileSync(ndjson, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const event = JSON.parse(line) as Record<string, Record<string, unknown>>;
    const scenario = event.ScenarioFinished as
      | {
          label?: string;
          recorder?: {
            label?: string;
            cases?: object;
            interactions?: object;
            checks?: Record<string, Array<{ name: string; status: string; failure_info?: { failure?: { title?: string } } }>>;
          };
        }
      | undefined;
    if (!scenario?.recorder) continue;
    const label = scenario.recorder.label ?? scenario.label ?? '?';
    operations.add(label);
    examples += Object.keys(scenario.recorder.interactions ?? {}).length;
    for (const checks of Object.values(scenario.recorder.checks ?? {})) {
      for (const check of checks) {
        if (check.status === 'FAILURE' || check.status === 'failure')
          failures.push(`${label}: ${check.name}${check.failure_info?.failure?.title ? ` (${check.failure_info.failure.title})` : ''}`);
      }
    }
  }
  return { operations: operations.size, examples, failures };
}

async function main(): Promise<number> {
  const started = Date.now();
  const env = { ...process.env, ...TEST_STACK_ENV };
  const config = loadConfigOrExit(env);
  Object.assign(process.env, TEST_STACK_ENV); // the harness reads the test stack's ports from the environment
  const cli = await provisionSchemathesis(config.HOMEAGENT_CACHE_DIR, log);
  let sup: Supervisor | undefined;
  if (!(await isPortOpen(config.POSTGRES_PORT))) {
    log(`starting the test stack of slot ${env.HOMEAGENT_TEST_SLOT}`);
    fs.rmSync(config.HOMEAGENT_DATA_DIR, { recursive: true, force: true });
    sup = (await bringUpServers(config, log)).sup;
    await applyMigrations(config.databaseUrl);
  }
  const h = await startProductHarness();
  let server: Server | undefined;
  try {
    const { orgs } = await seedDemo(h.config, h.tdb.db);
    server = await new Promise<Server>((resolve) => {
      const s = h.app.listen(0, '127.0.0.1', () => resolve(s));
    });
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    log(`API at ${base}; Schemathesis ${SCHEMATHESIS_VERSION}, ${MAX_EXAMPLES} examples per operation and phase, seed ${SEED}`);
    const reports = path.join(config.HOMEAGENT_DATA_DIR, 'fuzz-api');
    fs.rmSync(reports, { recursive: true, force: true });
    const passes: PassResult[] = [];
    for (const [name, filter] of [
      ['all but logout', ['--exclude-path', LOGOUT]],
      ['logout', ['--include-path', LOGOUT]],
    ] as const) {
      const cookie = await logIn(base, h.config.DEMO_OPERATOR_EMAIL, h.config.DEMO_OPERATOR_PASSWORD);
      log(`pass: ${name}`);
      passes.push(
        await runSchemathesis(
          cli,
          base,
          cookie,
          orgs.map((o) => o.orgId),
          [...filter],
          path.join(reports, name.replace(/\W+/g, '-')),
        ),
      );
    }
    // Schemathesis stops an operation at its first failure (then shrinks it): one line per operation and check.
    const failures = [...new Set(passes.flatMap((p) => p.failures))];
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    log(
      `${passes.reduce((n, p) => n + p.operations, 0)} operations, ${passes.reduce((n, p) => n + p.examples, 0)} requests, ` +
        `${failures.length} failures, ${seconds} s (checks: ${CHECKS.join(', ')}; reports in ${reports})`,
    );
    for (const f of failures) log(`FAILED ${f}`);
    return passes.every((p) => p.code === 0) && failures.length === 0 ? 0 : 1;
  } finally {
    await new Promise((r) => (server ? server.close(r) : r(undefined)));
    await h.stop();
    if (sup) await sup.stopAll();
  }
}

exitWith(main);
