import type { ComponentType } from 'react';
import { type LazyRouteFunction, type RouteObject, useParams } from 'react-router';
import type { RouteName } from './router/routes';

type LazyPage = LazyRouteFunction<RouteObject>;

/** A route's page, imported on its first visit: each page (and what only it uses) is a chunk of its own. */
const page =
  <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyPage =>
  async () => ({ Component: pick(await load()) });

const withInteractionId = (Page: ComponentType<{ interactionId: string }>) =>
  function InteractionRoute() {
    const { interactionId = '' } = useParams();
    return <Page interactionId={interactionId} />;
  };

const withChatId = (Page: ComponentType<{ chatId: string }>) =>
  function ChatRoute() {
    const { chatId = '' } = useParams();
    return <Page chatId={chatId} />;
  };

const withSessionId = (Page: ComponentType<{ sessionId: string }>) =>
  function SessionRoute() {
    const { sessionId = '' } = useParams();
    return <Page sessionId={sessionId} />;
  };

const withAgentId = (Page: ComponentType<{ agentId: string }>) =>
  function AgentRoute() {
    const { agentId = '' } = useParams();
    return <Page agentId={agentId} />;
  };

/** The page of every route, loaded lazily; the login page is rendered outside the shell. */
export const PAGES: Record<RouteName, LazyPage> = {
  login: page(
    () => import('../features/auth/components/login-page'),
    (m) => m.LoginPage,
  ),
  'accept-invite': page(
    () => import('../features/auth/components/accept-invite-page'),
    (m) => m.AcceptInvitePage,
  ),
  'forgot-password': page(
    () => import('../features/auth/components/forgot-password-page'),
    (m) => m.ForgotPasswordPage,
  ),
  'reset-password': page(
    () => import('../features/auth/components/reset-password-page'),
    (m) => m.ResetPasswordPage,
  ),
  demo: page(
    () => import('../features/demo-call/components/demo-call-page'),
    (m) => m.DemoCallPage,
  ),
  team: page(
    () => import('../features/team/components/team-page'),
    (m) => m.TeamPage,
  ),
  home: page(
    () => import('../features/dashboard/components/dashboard-home-page'),
    (m) => m.DashboardHomePage,
  ),
  calls: page(
    () => import('../features/calls/components/calls-page'),
    (m) => m.CallsPage,
  ),
  'call-details': page(
    () => import('../features/calls/components/call-details-page'),
    (m) => withInteractionId(m.CallDetailsPage),
  ),
  'web-call': page(
    () => import('../features/web-call/components/web-call-page'),
    (m) => m.WebCallPage,
  ),
  chats: page(
    () => import('../features/chats/components/chats-page'),
    (m) => m.ChatsPage,
  ),
  'chat-details': page(
    () => import('../features/chats/components/chat-details-page'),
    (m) => withChatId(m.ChatDetailsPage),
  ),
  'chat-session': page(
    () => import('../features/chat-sessions/components/chat-session-page'),
    (m) => withSessionId(m.ChatSessionPage),
  ),
  analytics: page(
    () => import('../features/analytics/components/analytics-page'),
    (m) => m.AnalyticsPage,
  ),
  'on-call': page(
    () => import('../features/on-call/components/on-call-page'),
    (m) => m.OnCallPage,
  ),
  availability: page(
    () => import('../features/availability/components/availability-page'),
    (m) => m.AvailabilityPage,
  ),
  'scheduling-rules': page(
    () => import('../features/scheduling-rules/components/scheduling-rules-page'),
    (m) => m.SchedulingRulesPage,
  ),
  agents: page(
    () => import('../features/agents/components/agents-page'),
    (m) => m.AgentsPage,
  ),
  'agent-editor': page(
    () => import('../features/agents/components/agent-editor-page'),
    (m) => withAgentId(m.AgentEditorPage),
  ),
  'agent-job-types': page(
    () => import('../features/agents/components/agent-job-types-page'),
    (m) => withAgentId(m.AgentJobTypesPage),
  ),
  settings: page(
    () => import('../features/settings/components/settings-page'),
    (m) => m.SettingsPage,
  ),
  'go-live': page(
    () => import('../features/go-live/components/go-live-page'),
    (m) => m.GoLivePage,
  ),
  enterprise: page(
    () => import('../features/enterprises/components/enterprise-page'),
    (m) => m.EnterprisePage,
  ),
  'admin-enterprises': page(
    () => import('../features/enterprises/components/admin-enterprises-page'),
    (m) => m.AdminEnterprisesPage,
  ),
  outbox: page(
    () => import('../features/outbox/components/outbox-page'),
    (m) => m.OutboxPage,
  ),
  'webhook-delivery': page(
    () => import('../features/webhook-delivery/components/webhook-delivery-page'),
    (m) => m.WebhookDeliveryPage,
  ),
  'crm-connection': page(
    () => import('../features/crm-connection/components/crm-connection-page'),
    (m) => m.CrmConnectionPage,
  ),
  'voice-platforms': page(
    () => import('../features/voice-platforms/components/voice-platforms-page'),
    (m) => m.VoicePlatformsPage,
  ),
  'verified-numbers': page(
    () => import('../features/verified-numbers/components/verified-numbers-page'),
    (m) => m.VerifiedNumbersPage,
  ),
  'agent-script': page(
    () => import('../features/script-generation/components/agent-script-page'),
    (m) => withAgentId(m.AgentScriptPage),
  ),
  'job-type-sheet': page(
    () => import('../features/script-generation/components/job-type-sheet-page'),
    (m) => m.JobTypeSheetPage,
  ),
  'company-profile': page(
    () => import('../features/company-profile/components/company-profile-page'),
    (m) => m.CompanyProfilePage,
  ),
  widgets: page(
    () => import('../features/widgets/components/widgets-page'),
    (m) => m.WidgetsPage,
  ),
  'custom-instructions': page(
    () => import('../features/custom-instructions/components/custom-instructions-page'),
    (m) => m.CustomInstructionsPage,
  ),
  'admin-organizations': page(
    () => import('../features/admin-organizations/components/organizations-page'),
    (m) => m.OrganizationsPage,
  ),
  'admin-workflows': page(
    () => import('../features/admin-workflows/components/workflows-page'),
    (m) => m.WorkflowsPage,
  ),
  'admin-dead-letters': page(
    () => import('../features/admin-dead-letters/components/dead-letters-page'),
    (m) => m.DeadLettersPage,
  ),
  'admin-organization-settings': page(
    () => import('../features/admin-organization-settings/components/organization-settings-page'),
    (m) => m.OrganizationSettingsPage,
  ),
  'interaction-link': page(
    () => import('../features/interactions/components/interaction-link-page'),
    (m) => withInteractionId(m.InteractionLinkPage),
  ),
};
