import type { ReactNode } from 'react';
import { OrganizationsPage } from '../features/admin-organizations/components/organizations-page';
import { WorkflowsPage } from '../features/admin-workflows/components/workflows-page';
import { DeadLettersPage } from '../features/admin-dead-letters/components/dead-letters-page';
import { AnalyticsPage } from '../features/analytics/components/analytics-page';
import { AvailabilityPage } from '../features/availability/components/availability-page';
import { CallsPage } from '../features/calls/components/calls-page';
import { CallDetailsPage } from '../features/calls/components/call-details-page';
import { ChatsPage } from '../features/chats/components/chats-page';
import { CrmConnectionPage } from '../features/crm-connection/components/crm-connection-page';
import { CompanyProfilePage } from '../features/company-profile/components/company-profile-page';
import { CustomInstructionsPage } from '../features/custom-instructions/components/custom-instructions-page';
import { DashboardHomePage } from '../features/dashboard/components/dashboard-home-page';
import { InteractionLinkPage } from '../features/interactions/components/interaction-link-page';
import { OnCallPage } from '../features/on-call/components/on-call-page';
import { OutboxPage } from '../features/outbox/components/outbox-page';
import { SchedulingRulesPage } from '../features/scheduling-rules/components/scheduling-rules-page';
import { SettingsPage } from '../features/settings/components/settings-page';
import { WebCallPage } from '../features/web-call/components/web-call-page';
import { VoicePlatformsPage } from '../features/voice-platforms/components/voice-platforms-page';
import { WebhookDeliveryPage } from '../features/webhook-delivery/components/webhook-delivery-page';
import type { RouteParams } from './router/match-path';
import type { RouteName } from './router/route-table';

/** The page of every signed-in route; the login page is rendered outside the shell. */
export const PAGES: Record<Exclude<RouteName, 'login'>, (params: RouteParams) => ReactNode> = {
  home: () => <DashboardHomePage />,
  calls: () => <CallsPage />,
  'call-details': (params) => <CallDetailsPage interactionId={params.interactionId ?? ''} />,
  'web-call': () => <WebCallPage />,
  chats: () => <ChatsPage />,
  analytics: () => <AnalyticsPage />,
  'on-call': () => <OnCallPage />,
  availability: () => <AvailabilityPage />,
  'scheduling-rules': () => <SchedulingRulesPage />,
  settings: () => <SettingsPage />,
  outbox: () => <OutboxPage />,
  'webhook-delivery': () => <WebhookDeliveryPage />,
  'crm-connection': () => <CrmConnectionPage />,
  'voice-platforms': () => <VoicePlatformsPage />,
  'company-profile': () => <CompanyProfilePage />,
  'custom-instructions': () => <CustomInstructionsPage />,
  'admin-organizations': () => <OrganizationsPage />,
  'admin-workflows': () => <WorkflowsPage />,
  'admin-dead-letters': () => <DeadLettersPage />,
  'interaction-link': (params) => <InteractionLinkPage interactionId={params.interactionId ?? ''} />,
};
