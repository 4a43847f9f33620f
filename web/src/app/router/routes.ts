export type RouteAccess = 'public' | 'member' | 'operator';
export type NavSection = 'main' | 'operations';

export type RouteDefinition = {
  name: string;
  /** A React Router path pattern; the URLs are the dashboard's public addresses (notification links use some). */
  path: string;
  title: string;
  access: RouteAccess;
  /** Where the route is listed in the sidebar; unlisted routes are reached by links only. */
  nav?: NavSection;
  /** The sidebar entry an unlisted page belongs under, when its path does not say (`navEntryOf`). */
  navParent?: string;
};

export const ROUTES = [
  { name: 'login', path: '/login', title: 'Sign in', access: 'public' },
  // Team links (issue 14): the invitation and password-reset e-mails link here with ?token=.
  { name: 'accept-invite', path: '/accept-invite', title: 'Accept invitation', access: 'public' },
  { name: 'forgot-password', path: '/forgot-password', title: 'Forgot password', access: 'public' },
  { name: 'reset-password', path: '/reset-password', title: 'Reset password', access: 'public' },
  // The landing page's "call me now" form (spec 001 §2.16).
  { name: 'demo', path: '/demo', title: 'Try a demo call', access: 'public' },
  { name: 'home', path: '/', title: 'Dashboard', access: 'member', nav: 'main' },
  { name: 'calls', path: '/calls', title: 'Calls', access: 'member', nav: 'main' },
  { name: 'call-details', path: '/calls/:interactionId', title: 'Call details', access: 'member' },
  { name: 'web-call', path: '/web-call', title: 'Web call', access: 'member', nav: 'main' },
  { name: 'chats', path: '/chats', title: 'Chats', access: 'member', nav: 'main' },
  // Issue 15: one website widget chat (GET /chat/details/{chatId}), reviewed and reclassified like a call.
  { name: 'chat-details', path: '/chats/:chatId', title: 'Chat details', access: 'member' },
  // Issue 15: one LLM chat session (GET /chat-sessions/{sessionId}), reviewed and reclassified like a call.
  { name: 'chat-session', path: '/chat-sessions/:sessionId', title: 'Chat session', access: 'member' },
  { name: 'analytics', path: '/analytics', title: 'Analytics', access: 'member', nav: 'main' },
  { name: 'on-call', path: '/on-call', title: 'On-call', access: 'member', nav: 'main' },
  { name: 'availability', path: '/availability', title: 'Availability', access: 'member', nav: 'main' },
  { name: 'scheduling-rules', path: '/scheduling-rules', title: 'Scheduling rules', access: 'member', nav: 'main' },
  // Issue 14: the organization's agents (GET /org/agents, POST /agent), one agent's editor (PUT /agent) and its job types (PUT /agent/job-types).
  { name: 'agents', path: '/agents', title: 'Agents', access: 'member', nav: 'main' },
  { name: 'agent-editor', path: '/agents/:agentId', title: 'Agent', access: 'member' },
  { name: 'agent-job-types', path: '/agents/:agentId/job-types', title: 'Job types', access: 'member' },
  // Issue 15: the website booking widgets (GET /widgets, POST /widget, PUT /widget/update/config) and their snippet.
  { name: 'widgets', path: '/widgets', title: 'Widgets', access: 'member', nav: 'main' },
  { name: 'settings', path: '/settings', title: 'Settings', access: 'member', nav: 'main' },
  // GET /org/members; every member sees the team, admins manage it.
  { name: 'team', path: '/team', title: 'Team', access: 'member', nav: 'main' },
  // 001 §2.18; also the dashboardUrl GET /webhook-delivery answers.
  { name: 'webhook-delivery', path: '/settings/webhooks', title: 'Webhook delivery', access: 'member' },
  // GET/PUT /org/crm-connection; linked from Settings. The API answers 401 to members who are not org admins.
  { name: 'crm-connection', path: '/settings/crm', title: 'CRM connection', access: 'member' },
  // GET /org/{orgId}/voice-platforms and PUT …/{provider}; linked from Settings. The API answers 401 to members who are not org admins.
  { name: 'voice-platforms', path: '/settings/voice-platforms', title: 'Voice platforms', access: 'member' },
  // 001 §2.17 GET /verified-caller-ids/by-org/{orgId} and the caller ID routes; linked from Settings.
  { name: 'verified-numbers', path: '/settings/verified-numbers', title: 'Verified numbers', access: 'member' },
  // 001 §2.13 and §2.14; linked from Settings.
  { name: 'company-profile', path: '/settings/company-profile', title: 'Company profile', access: 'member' },
  { name: 'custom-instructions', path: '/settings/custom-instructions', title: 'Custom instructions', access: 'member' },
  // POST /script-generator and its progress (issue 14 point 3); the agent editor links here.
  { name: 'agent-script', path: '/agents/:agentId/script', title: 'Generate script', access: 'member' },
  // 001 §2.12 POST /integrations/create-job-sheet.
  { name: 'job-type-sheet', path: '/job-type-sheet', title: 'Job-type sheet', access: 'member', navParent: 'agents' },
  // Issue 14: TESTING → LIVE; linked from the testing banner and Settings.
  { name: 'go-live', path: '/settings/go-live', title: 'Go live', access: 'member' },
  { name: 'outbox', path: '/outbox', title: 'Outbox', access: 'member', nav: 'main' },
  // 001 §2.19: an enterprise's organizations together; reached from the organization switcher.
  { name: 'enterprise', path: '/enterprise/:enterpriseId', title: 'Enterprise', access: 'member' },
  { name: 'admin-organizations', path: '/admin/organizations', title: 'Organizations', access: 'operator', nav: 'operations' },
  { name: 'admin-workflows', path: '/admin/workflows', title: 'Workflows', access: 'operator', nav: 'operations' },
  { name: 'admin-enterprises', path: '/admin/enterprises', title: 'Enterprises', access: 'operator', nav: 'operations' },
  { name: 'admin-dead-letters', path: '/admin/dead-letters', title: 'Dead letters', access: 'operator', nav: 'operations' },
  // 000 §7 GET/PUT /billing, /office-email, /emergency-strategy, /avg-job-revenue.
  { name: 'admin-organization-settings', path: '/admin/organization-settings', title: 'Organization settings', access: 'operator', nav: 'operations' },
  // Spec: the "View on Dashboard" link in notifications and the "Details:" link in SMS.
  { name: 'interaction-link', path: '/dashboard/link/:interactionId', title: 'Interaction', access: 'member' },
] as const satisfies readonly RouteDefinition[];

export type AppRoute = (typeof ROUTES)[number];
export type RouteName = AppRoute['name'];

const segments = (path: string) => path.split('/').filter(Boolean);

/**
 * The sidebar entry to highlight on a route: itself when listed, its `navParent`, else the listed route whose path
 * is the longest whole-segment prefix of its own (/calls/:id → Calls, /settings/webhooks → Settings); null if none.
 */
export function navEntryOf(name: string | null): RouteName | null {
  const route: RouteDefinition | undefined = ROUTES.find((r) => r.name === name);
  if (!route) return null;
  if (route.nav) return route.name as RouteName;
  if (route.navParent) return navEntryOf(route.navParent);
  const own = segments(route.path);
  const listed = ROUTES.filter((r) => 'nav' in r && r.path !== '/')
    .map((r) => ({ name: r.name, parts: segments(r.path) }))
    .filter(({ parts }) => parts.length < own.length && parts.every((part, i) => part === own[i]))
    .sort((a, b) => b.parts.length - a.parts.length);
  return listed[0]?.name ?? null;
}

/** What every route object carries as its `handle`: the shell reads the title, access and sidebar entry from it. */
export type RouteHandle = Pick<RouteDefinition, 'title' | 'access'> & { name: RouteName | 'not-found' };

export const NOT_FOUND_HANDLE: RouteHandle = { name: 'not-found', title: 'Page not found', access: 'member' };
