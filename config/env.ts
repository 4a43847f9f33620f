import { z } from 'zod';
import path from 'node:path';
import os from 'node:os';
import { REPO_ROOT } from './repo-root';

// Every port, path and adapter choice comes from the environment. A bad value stops start-up with a
// message naming the variable (see loadConfig).

const port = z.coerce.number().int().min(1).max(65535);
const repoRoot = REPO_ROOT;

export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Every this many seconds each product process logs its memory (RSS, V8 heap, external) as a `process memory`
   * line, whatever LOG_LEVEL says; 0 (the default) turns it off. `npm run soak` reads these lines.
   */
  PROCESS_MEMORY_LOG_SECONDS: z.coerce.number().int().min(0).max(86_400).default(0),

  /** Root of every server's data (Postgres cluster, Kafka log, Temporal SQLite file). */
  HOMEAGENT_DATA_DIR: z
    .string()
    .min(1)
    .default(path.join(repoRoot, '.data', 'dev')),
  /** Where provisioned binaries are cached, keyed by version; outside the repo so clones share it. */
  HOMEAGENT_CACHE_DIR: z
    .string()
    .min(1)
    .default(path.join(os.homedir(), '.cache', 'homeagent')),

  POSTGRES_HOST: z.string().min(1).default('127.0.0.1'),
  POSTGRES_PORT: port.default(5433),
  POSTGRES_USER: z.string().min(1).default('homeagent'),
  POSTGRES_DB: z.string().min(1).default('homeagent'),
  POSTGRES_PASSWORD: z.string().default(''),
  /** Overrides the pieces above when set (docker-compose uses it). */
  DATABASE_URL: z.string().url().optional(),

  KAFKA_BROKERS: z
    .string()
    .min(1)
    .default('127.0.0.1:9092')
    .refine((v) => v.split(',').every((b) => /^[^:\s]+:\d+$/.test(b.trim())), 'must be host:port[,host:port]'),
  KAFKA_CONTROLLER_PORT: port.default(9093),
  /**
   * A Kafka cluster (a managed one: Confluent Cloud, MSK, Aiven): TLS to the brokers, SASL credentials, and how the
   * product's topics are created. Partitions bound how many projector instances share a projection's work (one
   * partition is read by one instance of a group); the topics `ensureTopics` creates get this many, and a topic made
   * earlier with fewer keeps its count (raise it with Kafka's own tools). Replication 3 on a cluster of three brokers.
   */
  KAFKA_SSL: z.enum(['true', 'false']).default('false'),
  KAFKA_SASL_MECHANISM: z.enum(['plain', 'scram-sha-256', 'scram-sha-512']).optional(),
  KAFKA_SASL_USERNAME: z.string().min(1).optional(),
  KAFKA_SASL_PASSWORD: z.string().min(1).optional(),
  KAFKA_TOPIC_PARTITIONS: z.coerce.number().int().min(1).max(1000).default(3),
  KAFKA_REPLICATION_FACTOR: z.coerce.number().int().min(1).max(10).default(1),
  KAFKA_CLIENT_ID: z.string().min(1).default('homeagent'),
  KAFKA_TOPIC_PREFIX: z
    .string()
    .regex(/^[a-z0-9.-]*$/, 'lowercase letters, digits, dots and dashes only')
    .default('homeagent.'),

  TEMPORAL_ADDRESS: z
    .string()
    .min(1)
    .default('127.0.0.1:7233')
    .refine((v) => /^[^:\s]+:\d+$/.test(v), 'must be host:port'),
  TEMPORAL_UI_PORT: port.default(8233),
  /** Where a browser reaches the Temporal Web UI, when not the Temporal host itself (compose). */
  TEMPORAL_UI_URL: z.url().optional(),
  TEMPORAL_NAMESPACE: z.string().min(1).default('default'),
  /**
   * A Temporal cluster or Temporal Cloud. TLS is on when TEMPORAL_TLS is true or a client certificate or API key is
   * given. Temporal Cloud takes either an API key (TEMPORAL_API_KEY, address `<region>.<cloud>.api.temporal.io:7233`)
   * or mTLS (the PEM files of TEMPORAL_TLS_CERT_PATH and TEMPORAL_TLS_KEY_PATH, address
   * `<namespace>.<account>.tmprl.cloud:7233`); TEMPORAL_TLS_CA_PATH for a self-hosted cluster's own CA.
   */
  TEMPORAL_TLS: z.enum(['true', 'false']).default('false'),
  TEMPORAL_API_KEY: z.string().min(1).optional(),
  TEMPORAL_TLS_CERT_PATH: z.string().min(1).optional(),
  TEMPORAL_TLS_KEY_PATH: z.string().min(1).optional(),
  TEMPORAL_TLS_CA_PATH: z.string().min(1).optional(),
  TEMPORAL_TASK_QUEUE_PREFIX: z.string().default(''),
  /**
   * Workflow runs the worker process keeps in memory between their tasks (Temporal's sticky cache), shared out
   * over its task queues (worker/workflow-cache.ts). The SDK's default sizes each queue's cache from the heap
   * limit (about 2,300 runs per queue with a 4 GB heap), so a backlog of open runs grew the worker past 1 GB.
   * A run pushed out is replayed from its history on its next task: fewer means less memory, more replay.
   */
  TEMPORAL_MAX_CACHED_WORKFLOWS: z.coerce.number().int().min(0).max(100_000).default(200),
  /** The workflow bundle `npm run build` writes (dist/workflow-bundle.js); unset, the worker bundles the workflows as it starts. */
  WORKFLOW_BUNDLE_PATH: z.string().min(1).optional(),

  API_HOST: z.string().min(1).default('127.0.0.1'),
  API_PORT: port.default(3000),
  WEB_PORT: port.default(5173),
  /** Public base of the dashboard, used in links the product builds (/dashboard/link/{id}). */
  DASHBOARD_URL: z.string().url().optional(),

  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .default(24 * 7),
  /** Bearer token internal tools may use for the admin API instead of an operator session. */
  ADMIN_API_TOKEN: z.string().min(16).optional(),

  /** Adapter choices: offline adapters make the product work end to end without a network. */
  CRM_ADAPTER: z.enum(['sandbox', 'servicetitan', 'housecallpro']).default('sandbox'),
  LLM_ADAPTER: z.enum(['offline', 'openai']).default('offline'),
  /** The OpenAI-compatible chat-completions service (LLM_ADAPTER=openai): OpenAI itself or any server speaking its API. */
  OPENAI_BASE_URL: z.url().default('https://api.openai.com/v1'),
  OPENAI_API_KEY: z.string().min(1).optional(),
  OPENAI_MODEL: z.string().min(1).optional(),
  /** The model useCheaperModel picks; the default model when unset. */
  OPENAI_CHEAP_MODEL: z.string().min(1).optional(),
  OPENAI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
  /**
   * USD per million tokens for each model in use, for cost accounting, as JSON:
   * {"gpt-4.1-mini":{"inputPerMillionUsd":0.4,"outputPerMillionUsd":1.6}}.
   */
  OPENAI_PRICES: z
    .string()
    .default('{}')
    .transform((raw, ctx) => {
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be JSON' });
        return z.NEVER;
      }
    })
    .pipe(
      z.record(
        z.string(),
        z.object({
          inputPerMillionUsd: z.number().nonnegative(),
          outputPerMillionUsd: z.number().nonnegative(),
          cachedInputPerMillionUsd: z.number().nonnegative().optional(),
        }),
      ),
    ),
  MESSAGING_ADAPTER: z.enum(['outbox', 'live']).default('outbox'),
  /** Where customer-success tracking events go: kept in customer_success_events (offline) or POSTed to the service's /track (http). */
  CUSTOMER_SUCCESS_ADAPTER: z.enum(['offline', 'http']).default('offline'),
  CUSTOMER_SUCCESS_API_URL: z.url().optional(),
  /** Where verified caller IDs are verified: offline (a code confirmed on the dashboard, no call) or twilio (Outgoing Caller IDs on TWILIO_ACCOUNT_SID). */
  TELEPHONY_ADAPTER: z.enum(['offline', 'twilio']).default('offline'),
  /** Script generation reads the company's website: a stored contractor page for any URL (offline), or the URL itself (live). */
  WEBSITE_ADAPTER: z.enum(['offline', 'live']).default('offline'),
  CUSTOMER_SUCCESS_API_KEY: z.string().min(1).optional(),
  /**
   * Where uploaded files (a widget's logo) are kept: on the API host under HOMEAGENT_DATA_DIR/uploads, uploaded
   * through the API's signed PUT route (local), or in an S3 bucket through presigned PUT URLs (s3).
   */
  STORAGE_ADAPTER: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** An S3-compatible endpoint (MinIO, R2); the bucket then goes in the path. Unset: AWS's virtual-hosted URLs. */
  S3_ENDPOINT: z.url().optional(),
  /** Where the bucket's objects are read publicly (a CDN); the object's own URL when unset. */
  S3_PUBLIC_URL: z.url().optional(),
  /** The evaluation service presents this in the webhook's query (?secret=); without it the webhook refuses every delivery. */
  EVALUATION_WEBHOOK_SECRET: z.string().min(8).optional(),

  /**
   * Seals each organization's stored CRM credentials (AES-256-GCM): 32 random bytes, base64
   * (`openssl rand -base64 32`). Required in production; development and test use a fixed key.
   */
  CRM_CREDENTIALS_KEY: z
    .string()
    .refine((v) => /^[A-Za-z0-9+/]+={0,2}$/.test(v) && Buffer.from(v, 'base64').length === 32, 'must be 32 bytes, base64-encoded')
    .optional(),
  /**
   * Deployment-wide vendor CRM credentials (CRM_ADAPTER servicetitan | housecallpro), for organizations
   * without credentials of their own (activities/crm/create-crm.ts). The hosts, rate budgets and the
   * default ServiceTitan app key also apply to organizations with their own credentials.
   */
  SERVICETITAN_AUTH_URL: z.url().default('https://auth.servicetitan.io'),
  SERVICETITAN_API_URL: z.url().default('https://api.servicetitan.io'),
  SERVICETITAN_CLIENT_ID: z.string().min(1).optional(),
  SERVICETITAN_CLIENT_SECRET: z.string().min(1).optional(),
  SERVICETITAN_APP_KEY: z.string().min(1).optional(),
  SERVICETITAN_TENANT_ID: z.string().regex(/^\d+$/, 'must be the numeric ServiceTitan tenant id').optional(),
  SERVICETITAN_BOOKING_PROVIDER_ID: z.string().min(1).optional(),
  SERVICETITAN_CAMPAIGN_ID: z.string().regex(/^\d+$/, 'must be a numeric ServiceTitan campaign id').optional(),
  /** Client-side budget under ServiceTitan's 60 calls per second per app per tenant. */
  SERVICETITAN_REQUESTS_PER_SECOND: z.coerce.number().positive().max(60).default(50),
  HOUSECALLPRO_API_URL: z.url().default('https://api.housecallpro.com'),
  HOUSECALLPRO_API_KEY: z.string().min(1).optional(),
  /** Token for a company API key, Bearer for an OAuth access token. */
  HOUSECALLPRO_AUTH_SCHEME: z.enum(['Token', 'Bearer']).default('Token'),
  HOUSECALLPRO_DEFAULT_EMPLOYEE_ID: z.string().min(1).optional(),
  HOUSECALLPRO_REQUESTS_PER_SECOND: z.coerce.number().positive().default(5),
  /** How old the cached job types, business units, technicians and arrival windows may get before a background refresh. */
  CRM_CACHE_REFRESH_SECONDS: z.coerce.number().int().positive().default(300),
  /** Live messaging credentials, per channel; a channel without them refuses its sends (NOT_CONFIGURED). */
  EMAIL_TRANSPORT: z.enum(['resend', 'smtp']).default('resend'),
  EMAIL_FROM: z.string().min(3).default('HomeAgent <notifications@homeagent.test>'),
  RESEND_API_KEY: z.string().min(1).optional(),
  RESEND_BASE_URL: z.url().optional(),
  SMTP_HOST: z.string().min(1).optional(),
  SMTP_PORT: port.default(587),
  SMTP_SECURE: z.enum(['true', 'false']).default('false'),
  SMTP_USER: z.string().min(1).optional(),
  SMTP_PASSWORD: z.string().optional(),
  SMS_PRIMARY_API_URL: z.url().optional(),
  SMS_PRIMARY_API_KEY: z.string().min(1).optional(),
  SMS_PRIMARY_FROM: z.string().min(1).optional(),
  TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  TWILIO_FROM: z.string().min(1).optional(),
  TWILIO_BASE_URL: z.url().optional(),
  /** The caller id of emergency-page calls (a Twilio voice number or verified caller id); TWILIO_FROM when unset and a number. */
  TWILIO_VOICE_FROM: z
    .string()
    .regex(/^\+[1-9]\d{6,14}$/, 'must be an E.164 phone number')
    .optional(),
  /** Resend's webhook signing secret (whsec_…): when set, e-mail webhooks must carry a valid Svix signature. */
  RESEND_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9+/]+=*$/, 'must be the whsec_… signing secret Resend shows')
    .optional(),
  /** The team-chat incoming-webhook URL notifications are posted to. */
  TEAM_CHAT_WEBHOOK_URL: z.url().optional(),
  /** The API's public base URL, as SMS providers call it (status callbacks, Twilio signatures). */
  PUBLIC_API_URL: z.url().optional(),
  /**
   * Lets requests to addresses an organization supplies (webhook URLs) reach loopback, private, link-local
   * and CGNAT addresses: for development and the test suite's fake servers on 127.0.0.1. Off in production.
   */
  OUTBOUND_ALLOW_PRIVATE_ADDRESSES: z.enum(['true', 'false']).default('false'),

  /**
   * Abuse limits (api/http/abuse-limits.ts). Counted in the API process's memory: see that file for the
   * trade-off with several API replicas. The test stack raises them (testStackEnv), since tests log in often.
   */
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  /** Failed logins per e-mail address per window; beyond it even the right password is refused until the window ends. */
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  /** Failed logins per client address per window, whatever the accounts tried. */
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(50),
  /** Requests per client address per minute to unauthenticated routes that start work (incoming call, demo call, widget). */
  PUBLIC_MAX_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  /** Requests per website widget per minute, from any addresses: its public reads (GET /widget/{id}) and the chats started from it. */
  WIDGET_MAX_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  /** Requests per widget chat per minute, from any addresses, to /chat/schedule, /chat/address and /chat/action. */
  WIDGET_CHAT_MAX_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** Demo calls (POST /call/new) per dialled number per day: the landing page must not become a way to ring someone over and over. */
  DEMO_CALLS_PER_NUMBER_PER_DAY: z.coerce.number().int().min(1).default(3),
  /**
   * How long a website widget chat waits for the visitor's next request before it ends and is analysed (001 §2.6); a
   * booking sent after that answers isWorkflowExpired. 30 minutes; the integration tests shorten it.
   */
  WIDGET_CHAT_IDLE_SECONDS: z.coerce.number().int().min(5).max(86_400).default(1800),
  /** 000 §4's 15-minute rule for LLM chat sessions: quiet time before a concluded chat ends or an open one is nudged. */
  LLM_CHAT_FOLLOW_UP_SECONDS: z.coerce.number().int().min(5).max(86_400).default(900),
  /** The organization whose agents place the landing page's demo calls (spec 001 §2.16); seeded as demo-hvac. */
  DEMO_ORG_SLUG: z.string().min(1).default('demo-hvac'),
  /** Requests per client address per minute to provider webhooks and tool calls: generous, a platform sends bursts from few addresses. */
  WEBHOOK_MAX_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
  /**
   * Which proxies' X-Forwarded-For the API believes when it keys limits by client address (Express "trust proxy"):
   * "loopback" (the dashboard's vite proxy on the same host), a comma list of addresses or subnets, a hop count, or "false".
   */
  TRUST_PROXY: z
    .string()
    .default('loopback')
    .transform((v): boolean | number | string => (v === 'false' ? false : /^\d+$/.test(v) ? Number(v) : v)),
  /** Web origins (https://www.example.com) whose pages may call the chat widget's routes (/widget/*) cross-origin; comma-separated. */
  WIDGET_ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .refine((origins) => origins.every((o) => URL.canParse(o) && new URL(o).origin === o), 'must be origins like https://www.example.com, comma-separated'),

  DEMO_ADMIN_EMAIL: z.email().default('owner@demo-hvac.test'),
  DEMO_ADMIN_PASSWORD: z.string().min(8).default('demo-password'),
  DEMO_OPERATOR_EMAIL: z.email().default('operator@homeagent.test'),
  DEMO_OPERATOR_PASSWORD: z.string().min(8).default('operator-password'),
});

export type AppConfig = z.infer<typeof EnvSchema> & {
  databaseUrl: string;
  dashboardUrl: string;
  temporalUiUrl: string;
  repoRoot: string;
};

export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment once. Throws ConfigError naming each bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`));
  }
  const c = parsed.data;
  const missing = missingCrmCredentials(c);
  if (missing.length > 0) throw new ConfigError(missing.map((name) => `${name}: required when CRM_ADAPTER is ${c.CRM_ADAPTER}`));
  if (c.NODE_ENV === 'production' && !c.CRM_CREDENTIALS_KEY) {
    throw new ConfigError(['CRM_CREDENTIALS_KEY: required when NODE_ENV is production']);
  }
  if (c.LLM_ADAPTER === 'openai' && !c.OPENAI_MODEL) {
    throw new ConfigError(['OPENAI_MODEL: required when LLM_ADAPTER is openai']);
  }
  if (c.CUSTOMER_SUCCESS_ADAPTER === 'http' && !c.CUSTOMER_SUCCESS_API_URL) {
    throw new ConfigError(['CUSTOMER_SUCCESS_API_URL: required when CUSTOMER_SUCCESS_ADAPTER is http']);
  }
  if (c.STORAGE_ADAPTER === 's3') {
    const missingS3 = (['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((name) => !c[name]);
    if (missingS3.length > 0) throw new ConfigError(missingS3.map((name) => `${name}: required when STORAGE_ADAPTER is s3`));
  }
  if (c.TELEPHONY_ADAPTER === 'twilio') {
    const missingTwilio = (['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN'] as const).filter((name) => !c[name]);
    if (missingTwilio.length > 0) throw new ConfigError(missingTwilio.map((name) => `${name}: required when TELEPHONY_ADAPTER is twilio`));
  }
  if (c.KAFKA_SASL_MECHANISM) {
    const missingSasl = (['KAFKA_SASL_USERNAME', 'KAFKA_SASL_PASSWORD'] as const).filter((name) => !c[name]);
    if (missingSasl.length > 0) throw new ConfigError(missingSasl.map((name) => `${name}: required when KAFKA_SASL_MECHANISM is set`));
  }
  if (Boolean(c.TEMPORAL_TLS_CERT_PATH) !== Boolean(c.TEMPORAL_TLS_KEY_PATH)) {
    throw new ConfigError([
      `${c.TEMPORAL_TLS_CERT_PATH ? 'TEMPORAL_TLS_KEY_PATH' : 'TEMPORAL_TLS_CERT_PATH'}: required with the other half of the client certificate`,
    ]);
  }
  const auth = c.POSTGRES_PASSWORD ? `${c.POSTGRES_USER}:${encodeURIComponent(c.POSTGRES_PASSWORD)}` : c.POSTGRES_USER;
  const temporalHost = c.TEMPORAL_ADDRESS.split(':')[0];
  return {
    ...c,
    databaseUrl: c.DATABASE_URL ?? `postgresql://${auth}@${c.POSTGRES_HOST}:${c.POSTGRES_PORT}/${c.POSTGRES_DB}`,
    dashboardUrl: c.DASHBOARD_URL ?? `http://127.0.0.1:${c.WEB_PORT}`,
    temporalUiUrl: c.TEMPORAL_UI_URL ?? `http://${temporalHost}:${c.TEMPORAL_UI_PORT}`,
    repoRoot,
  };
}

const CRM_CREDENTIALS = {
  sandbox: [],
  servicetitan: ['SERVICETITAN_CLIENT_ID', 'SERVICETITAN_CLIENT_SECRET', 'SERVICETITAN_APP_KEY', 'SERVICETITAN_TENANT_ID'],
  housecallpro: ['HOUSECALLPRO_API_KEY'],
} as const satisfies Record<z.infer<typeof EnvSchema>['CRM_ADAPTER'], readonly (keyof z.infer<typeof EnvSchema>)[]>;

function missingCrmCredentials(c: z.infer<typeof EnvSchema>): string[] {
  return CRM_CREDENTIALS[c.CRM_ADAPTER].filter((name) => !c[name]);
}

/** For process entry points: print the message and exit instead of a stack trace. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): AppConfig {
  try {
    return loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw err;
  }
}

/**
 * Environment for the integration-test stack: same servers, other ports and data directory.
 * `HOMEAGENT_TEST_SLOT=N` (0-9) moves every port up by N*100 and the data to `.data/test-N`, so
 * several test runs (two checkouts, two developers on one host) can run side by side.
 */
export function testStackEnv(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const raw = env.HOMEAGENT_TEST_SLOT ?? '0';
  if (!/^\d$/.test(raw)) throw new ConfigError([`HOMEAGENT_TEST_SLOT: expected a digit 0-9, got "${raw}"`]);
  const slot = Number(raw);
  const port = (base: number) => String(base + slot * 100);
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    HOMEAGENT_TEST_SLOT: raw,
    HOMEAGENT_DATA_DIR: path.join(repoRoot, '.data', slot === 0 ? 'test' : `test-${slot}`),
    POSTGRES_PORT: port(15433),
    KAFKA_BROKERS: `127.0.0.1:${port(19092)}`,
    KAFKA_CONTROLLER_PORT: port(19093),
    TEMPORAL_ADDRESS: `127.0.0.1:${port(17233)}`,
    TEMPORAL_UI_PORT: port(18233),
    API_PORT: port(13000),
    WEB_PORT: port(15173),
    // The suite logs in and calls public routes far more often than a person; the limits' own tests set their real values.
    LOGIN_MAX_FAILURES_PER_ACCOUNT: '100000',
    LOGIN_MAX_FAILURES_PER_ADDRESS: '100000',
    PUBLIC_MAX_REQUESTS_PER_MINUTE: '100000',
    WIDGET_MAX_REQUESTS_PER_MINUTE: '100000',
    WIDGET_CHAT_MAX_REQUESTS_PER_MINUTE: '100000',
    WEBHOOK_MAX_REQUESTS_PER_MINUTE: '100000',
    // The test suite's fake receivers listen on 127.0.0.1; the guard's own tests turn this off.
    OUTBOUND_ALLOW_PRIVATE_ADDRESSES: 'true',
  };
}

export const TEST_STACK_ENV: Record<string, string> = testStackEnv();
