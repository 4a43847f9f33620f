import cors from 'cors';
import { type Express, type Request, type RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import helmet from 'helmet';
import { EnvSchema, type AppConfig } from '../../config/env';
import { errorBody } from './errors';

export type AbuseLimitSettings = Pick<
  AppConfig,
  | 'LOGIN_WINDOW_MINUTES'
  | 'LOGIN_MAX_FAILURES_PER_ACCOUNT'
  | 'LOGIN_MAX_FAILURES_PER_ADDRESS'
  | 'PUBLIC_MAX_REQUESTS_PER_MINUTE'
  | 'WEBHOOK_MAX_REQUESTS_PER_MINUTE'
  | 'DEMO_CALLS_PER_NUMBER_PER_DAY'
  | 'TRUST_PROXY'
  | 'WIDGET_ALLOWED_ORIGINS'
  | 'WIDGET_MAX_REQUESTS_PER_MINUTE'
  | 'WIDGET_CHAT_MAX_REQUESTS_PER_MINUTE'
>;

/** The production defaults (config/env.ts), for apps built without a loaded configuration (unit tests). */
export const DEFAULT_ABUSE_LIMITS: AbuseLimitSettings = EnvSchema.pick({
  LOGIN_WINDOW_MINUTES: true,
  LOGIN_MAX_FAILURES_PER_ACCOUNT: true,
  LOGIN_MAX_FAILURES_PER_ADDRESS: true,
  PUBLIC_MAX_REQUESTS_PER_MINUTE: true,
  WEBHOOK_MAX_REQUESTS_PER_MINUTE: true,
  DEMO_CALLS_PER_NUMBER_PER_DAY: true,
  TRUST_PROXY: true,
  WIDGET_ALLOWED_ORIGINS: true,
  WIDGET_MAX_REQUESTS_PER_MINUTE: true,
  WIDGET_CHAT_MAX_REQUESTS_PER_MINUTE: true,
}).parse({});

/** Where the website chat widget's routes live. */
export const WIDGET_PATH = '/widget';

/**
 * The widget app's one read of a widget, GET /widget/{widgetId}: public, cross-origin. The staff routes beside it
 * (GET /widget?widgetId, POST /widget, PUT /widget/update/config, POST /widget/update/file) are session routes like
 * any other: no public limit, no cross-origin access.
 */
const PUBLIC_WIDGET_READ = /^\/widget\/(?!update(?:\/|$))[^/]+$/;
const pathOf = (req: Request) => req.originalUrl.split('?')[0]!;
export const isPublicWidgetRead = (req: Request) => ['GET', 'HEAD', 'OPTIONS'].includes(req.method) && PUBLIC_WIDGET_READ.test(pathOf(req));

/** The local storage adapter's signed upload URLs (a browser PUTs a widget logo) and its public files. */
export const FILE_UPLOAD_PATH = '/storage/upload';
export const FILE_DOWNLOAD_PATH = '/storage/files';
/**
 * The widget's visitor requests (001 §7 "Chat widget (visitor)"): public, each starts or moves a chat workflow
 * (a CRM lookup, a capacity check, a booking), and called from the contractor's site, so they share the widget's CORS.
 */
export const WIDGET_CHAT_PATHS = ['/chat/register', '/chat/schedule', '/chat/address', '/chat/action'];

/** The landing page's "call me now" form (spec 001 §7 POST /call/new). */
export const DEMO_CALL_PATH = '/call/new';

/** Unauthenticated routes that start work on anyone's say-so (an inbound call, the demo flow, a widget chat): a tight limit per address. */
export const PUBLIC_WORK_PATHS = [
  '/voice-agent/incoming-call',
  '/voice-agent/expo',
  // The landing page's demo call and its follow-up request (issue 14): each dials a phone or sends an e-mail.
  DEMO_CALL_PATH,
  '/expo',
  // Each writes a file to disk (local storage adapter).
  FILE_UPLOAD_PATH,
  ...WIDGET_CHAT_PATHS,
  // Team links (issue 14): each hashes a password or sends an e-mail. forgot-password also has a per-address limit of its own (use-cases/team.ts).
  '/auth/invitation',
  '/auth/accept-invite',
  '/auth/forgot-password',
  '/auth/reset-password',
];

/**
 * Deliveries from providers (voice platforms' webhooks and tool calls, SMS and e-mail status callbacks,
 * the evaluation service) and the cheap public reads. A platform sends bursts from a handful of
 * addresses (every call's events, every tool call of a busy org), so the limit per address is generous:
 * it stops a flood, not a platform. Their signatures are what keep strangers out.
 */
export const PROVIDER_PATHS = [
  '/voice-agent/webhook',
  '/expo/webhook',
  '/voice-agent/tool',
  '/integrations/sms/webhook',
  '/integrations/email/webhooks',
  '/llm/evaluation/webhook',
  '/auth/logout',
  '/heartbeat',
  // A widget's logo, loaded by every visitor of a contractor's site (often many behind one office or carrier address).
  FILE_DOWNLOAD_PATH,
];

export const LOGIN_PATH = '/auth/login';

const under = (prefix: string, path: string) => path === prefix || path.startsWith(`${prefix}/`);

/** Which limit covers a public path ('none' only for GET/POST / — the root page); public routes must all be covered. */
export function limitOf(path: string): 'login' | 'public' | 'provider' | 'none' | null {
  if (path === LOGIN_PATH) return 'login';
  // Provider first: /expo/webhook is a provider's delivery under the public /expo prefix.
  if (PROVIDER_PATHS.some((p) => under(p, path))) return 'provider';
  if (PUBLIC_WORK_PATHS.some((p) => under(p, path)) || PUBLIC_WIDGET_READ.test(path)) return 'public';
  if (path === '/') return 'none';
  return null;
}

function refuse(message: string): RequestHandler {
  // express-rate-limit has already set Retry-After (seconds until the window ends) when this runs.
  return (_req, res) => void res.status(429).json(errorBody(429, message));
}

/** The dialled number of a demo call, digits only, so +1 (303) 555-0188 and 3035550188 count as one number. */
function demoNumberKey(req: Request): string | null {
  const number: unknown = (req.body as { number?: unknown } | undefined)?.number;
  if (typeof number !== 'string') return null;
  const digits = number.replace(/\D/g, '');
  if (digits.length < 10) return null;
  return digits.length === 10 ? `1${digits}` : digits;
}

/** The widget a public widget request names: the id in GET /widget/{id}, or POST /chat/register's widgetId. */
function widgetKey(req: Request): string | null {
  if (req.method === 'POST') {
    const widgetId: unknown = (req.body as { widgetId?: unknown } | undefined)?.widgetId;
    return typeof widgetId === 'string' && widgetId ? `widget:${widgetId.slice(0, 100).toLowerCase()}` : null;
  }
  const id = pathOf(req).split('/')[2];
  return id ? `widget:${id.slice(0, 100).toLowerCase()}` : null;
}

function chatKey(req: Request): string | null {
  const chatId: unknown = (req.body as { chatId?: unknown } | undefined)?.chatId;
  return typeof chatId === 'string' && chatId ? `chat:${chatId.slice(0, 100).toLowerCase()}` : null;
}

function accountKey(req: Request): string | null {
  const email: unknown = (req.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' && email.trim() ? email.trim().toLowerCase() : null;
}

/**
 * Abuse limits, security headers and CORS for the whole API (issue 12 §3), installed before the routes.
 *
 * The counters live in this process's memory (express-rate-limit's MemoryStore). That is deliberate: a
 * limit's count is not a business state change (no event, nothing to replay), and one API process is what
 * the product runs. With several API replicas behind a load balancer each replica counts on its own, so
 * an attacker gets N times the budget; a shared store (Redis, or Postgres) would then be the fix.
 * Each createApp builds fresh limiters, so every app (and every test's app) starts with clean counts.
 */
export function installAbuseLimits(app: Express, given: Partial<AbuseLimitSettings> | undefined) {
  // Apps built from a partial configuration (unit tests' fakes) get the production defaults.
  const settings: AbuseLimitSettings = { ...DEFAULT_ABUSE_LIMITS };
  for (const [name, value] of Object.entries(given ?? {})) if (name in settings && value !== undefined) Object.assign(settings, { [name]: value });
  // Client addresses behind the dashboard's proxy come from X-Forwarded-For, believed only from TRUST_PROXY.
  app.set('trust proxy', settings.TRUST_PROXY);

  // A JSON API: nothing it answers is a page to render, frame or run scripts in (the /docs page sets its own CSP).
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"], formAction: ["'none'"] },
      },
    }),
  );

  // CORS: only the widget's routes, only for the configured origins. Every other route sends no Access-Control-Allow-Origin.
  // Signed upload URLs are called like S3's presigned ones, from whatever page holds one (the dashboard, through its
  // own origin): the signature is the permission and no credentials are sent, so any origin may PUT.
  app.use(FILE_UPLOAD_PATH, cors({ origin: '*', methods: ['PUT'], allowedHeaders: ['Content-Type'], maxAge: 600 }));
  const widgetCors = cors({ origin: settings.WIDGET_ALLOWED_ORIGINS, methods: ['GET', 'POST'], maxAge: 600 });
  app.use(WIDGET_PATH, (req, res, next) => (isPublicWidgetRead(req) ? widgetCors(req, res, next) : next()));
  for (const path of WIDGET_CHAT_PATHS) app.use(path, widgetCors);

  const common = { standardHeaders: 'draft-7' as const, legacyHeaders: false };
  const loginWindowMs = settings.LOGIN_WINDOW_MINUTES * 60_000;
  // Only failures count (a successful login gives its count back), but once a limit is reached every attempt
  // is refused until the window ends, the right password included: guessing cannot continue under cover of a success.
  const loginPerAddress = rateLimit({
    ...common,
    windowMs: loginWindowMs,
    limit: settings.LOGIN_MAX_FAILURES_PER_ADDRESS,
    skipSuccessfulRequests: true,
    handler: refuse('Too many failed logins from this address. Try again later.'),
  });
  const loginPerAccount = rateLimit({
    ...common,
    windowMs: loginWindowMs,
    limit: settings.LOGIN_MAX_FAILURES_PER_ACCOUNT,
    skipSuccessfulRequests: true,
    skip: (req) => accountKey(req) === null,
    keyGenerator: (req) => accountKey(req)!,
    handler: refuse('Too many failed logins for this account. Try again later.'),
  });
  app.post(LOGIN_PATH, loginPerAddress, loginPerAccount);

  const publicLimit = rateLimit({
    ...common,
    windowMs: 60_000,
    limit: settings.PUBLIC_MAX_REQUESTS_PER_MINUTE,
    handler: refuse('Too many requests from this address. Try again later.'),
  });
  const isProviderPath = (req: Request) => PROVIDER_PATHS.some((p) => under(p, req.originalUrl.split('?')[0]));
  for (const path of PUBLIC_WORK_PATHS) app.use(path, (req, res, next) => (isProviderPath(req) ? next() : publicLimit(req, res, next)));
  app.use(WIDGET_PATH, (req, res, next) => (isPublicWidgetRead(req) ? publicLimit(req, res, next) : next()));

  // Per widget, whichever addresses ask: its reads and the chats started from it (a site's visitors arrive from many
  // addresses, so this is wider than the per-address limit; it stops one widget's id being used to flood the CRM).
  const perWidget = rateLimit({
    ...common,
    windowMs: 60_000,
    limit: settings.WIDGET_MAX_REQUESTS_PER_MINUTE,
    skip: (req) => widgetKey(req) === null,
    keyGenerator: (req) => widgetKey(req)!,
    handler: refuse('Too many requests for this widget. Try again in a minute.'),
  });
  app.use(WIDGET_PATH, (req, res, next) => (isPublicWidgetRead(req) && req.method !== 'OPTIONS' ? perWidget(req, res, next) : next()));
  app.post('/chat/register', perWidget);
  // Per chat, whichever addresses ask: a visitor goes through schedule, address and action a few times at most.
  const perChat = rateLimit({
    ...common,
    windowMs: 60_000,
    limit: settings.WIDGET_CHAT_MAX_REQUESTS_PER_MINUTE,
    skip: (req) => chatKey(req) === null,
    keyGenerator: (req) => chatKey(req)!,
    handler: refuse('Too many requests for this chat. Try again in a minute.'),
  });
  for (const path of WIDGET_CHAT_PATHS.filter((p) => p !== '/chat/register')) app.post(path, perChat);

  // Per dialled number, whichever addresses ask: a day's budget of demo calls (a body without a number is the route's 400).
  const demoCallsPerNumber = rateLimit({
    ...common,
    windowMs: 24 * 60 * 60_000,
    limit: settings.DEMO_CALLS_PER_NUMBER_PER_DAY,
    // A refused form (400) or a missing demo organization (503) dials nobody, so it spends nothing.
    skipFailedRequests: true,
    skip: (req) => demoNumberKey(req) === null,
    keyGenerator: (req) => demoNumberKey(req)!,
    handler: refuse('This number has had its demo calls for today. Try again tomorrow.'),
  });
  app.post(DEMO_CALL_PATH, demoCallsPerNumber);

  const providerLimit = rateLimit({
    ...common,
    windowMs: 60_000,
    limit: settings.WEBHOOK_MAX_REQUESTS_PER_MINUTE,
    handler: refuse('Too many requests from this address. Try again later.'),
  });
  for (const path of PROVIDER_PATHS) app.use(path, providerLimit);
}
