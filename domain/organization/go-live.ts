import type { NotificationSetting, ReceiverGroup } from '../notifications/recipients';
import type { CrmName, OnboardingStatus, WeeklyHours } from './organization-settings.schema';

// Going live (issue 14 point 4; spec 000 §4 "Organization onboarding_status: TESTING (default), then LIVE").
// The spec names the transition, not its conditions: an organization goes live once a caller would reach an
// agent that knows its hours, can book into a CRM (its own or the sandbox), and someone in the office hears of it.

export const GO_LIVE_REQUIREMENTS = ['agents', 'hours', 'crm', 'notifications'] as const;
export type GoLiveRequirement = (typeof GO_LIVE_REQUIREMENTS)[number];

export interface GoLiveFacts {
  onboardingStatus: OnboardingStatus;
  /** Agents the organization created (records, not the built-in defaults) of an inbound type (000 §6). */
  inboundAgents: number;
  regularHours: WeeklyHours;
  crmName: CrmName;
  /** The organization saved its own CRM credentials. */
  ownCrmConnection: boolean;
  /** The deployment's CRM when the organization has none of its own (CRM_ADAPTER). */
  deploymentCrm: 'sandbox' | 'servicetitan' | 'housecallpro';
  notificationSettings: readonly NotificationSetting[];
  /** Which receiver groups have somewhere to send to. */
  reachable: { officeEmail: boolean; teamChat: boolean; ccPhones: boolean; onCall: boolean };
}

export interface GoLiveItem {
  requirement: GoLiveRequirement;
  label: string;
  met: boolean;
  /** What holds, or what to do. */
  detail: string;
}

export interface GoLiveChecklist {
  onboardingStatus: OnboardingStatus;
  ready: boolean;
  items: GoLiveItem[];
}

const LABELS: Record<GoLiveRequirement, string> = {
  agents: 'An inbound agent',
  hours: 'Business hours',
  crm: 'A CRM to book into',
  notifications: 'Someone told about calls',
};

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function agentsItem(f: GoLiveFacts): Omit<GoLiveItem, 'requirement' | 'label'> {
  return f.inboundAgents > 0
    ? { met: true, detail: `${plural(f.inboundAgents, 'inbound agent')} set up.` }
    : { met: false, detail: 'Create a receptionist, office-hours or after-hours agent on the Agents page.' };
}

function hoursItem(f: GoLiveFacts): Omit<GoLiveItem, 'requirement' | 'label'> {
  const days = Object.entries(f.regularHours).filter(([, ranges]) => (ranges ?? []).some((r) => r.start < r.end));
  return days.length > 0
    ? { met: true, detail: `Open ${plural(days.length, 'day')} a week.` }
    : { met: false, detail: 'Set the regular hours on the Availability page.' };
}

function crmItem(f: GoLiveFacts): Omit<GoLiveItem, 'requirement' | 'label'> {
  if (f.crmName === 'NONE') return { met: false, detail: 'Connect a CRM on the CRM connection page: agents cannot book without one.' };
  if (f.ownCrmConnection) return { met: true, detail: 'The organization’s own CRM is connected.' };
  if (f.deploymentCrm === 'sandbox') return { met: true, detail: 'Bookings go to the sandbox CRM.' };
  return { met: true, detail: 'Bookings go to the deployment’s CRM.' };
}

const GROUP_REACHABLE: Record<ReceiverGroup, (r: GoLiveFacts['reachable'], channel: string) => boolean> = {
  office: (r, channel) => (channel === 'email' ? r.officeEmail : r.teamChat),
  cc: (r) => r.ccPhones,
  oncall_tech: (r) => r.onCall,
  oncall_manager: (r) => r.onCall,
};

function notificationsItem(f: GoLiveFacts): Omit<GoLiveItem, 'requirement' | 'label'> {
  const reached = f.notificationSettings.filter((s) => s.recipients.some((r) => GROUP_REACHABLE[r.group](f.reachable, r.channel)));
  return reached.length > 0
    ? { met: true, detail: `${plural(reached.length, 'notification rule')} ${reached.length === 1 ? 'reaches' : 'reach'} someone.` }
    : {
        met: false,
        detail: 'Choose who is told about calls in Settings, with an office e-mail, team chat, CC number or on-call person to send to.',
      };
}

const CHECKS: Record<GoLiveRequirement, (f: GoLiveFacts) => Omit<GoLiveItem, 'requirement' | 'label'>> = {
  agents: agentsItem,
  hours: hoursItem,
  crm: crmItem,
  notifications: notificationsItem,
};

export function goLiveChecklist(facts: GoLiveFacts): GoLiveChecklist {
  const items = GO_LIVE_REQUIREMENTS.map((requirement) => ({ requirement, label: LABELS[requirement], ...CHECKS[requirement](facts) }));
  return { onboardingStatus: facts.onboardingStatus, ready: items.every((i) => i.met), items };
}

const NEEDS: Record<GoLiveRequirement, string> = {
  agents: 'an inbound agent',
  hours: 'business hours',
  crm: 'a CRM to book into',
  notifications: 'someone to tell about calls',
};

/** The 400 message when going live is refused: what is missing. */
export function notReadyMessage(checklist: GoLiveChecklist): string {
  const missing = checklist.items.filter((i) => !i.met).map((i) => NEEDS[i.requirement]);
  return `The organization cannot go live yet: it still needs ${missing.join(', ')}.`;
}
