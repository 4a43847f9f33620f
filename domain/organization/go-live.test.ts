import { describe, expect, it } from '@jest/globals';
import { goLiveChecklist, notReadyMessage, type GoLiveFacts } from './go-live';
import { DEFAULT_REGULAR_HOURS } from './organization-settings.schema';

const ready: GoLiveFacts = {
  onboardingStatus: 'TESTING',
  inboundAgents: 1,
  regularHours: DEFAULT_REGULAR_HOURS,
  crmName: 'servicetitan',
  ownCrmConnection: false,
  deploymentCrm: 'sandbox',
  notificationSettings: [{ rule_id: 'InboundCallRule', recipients: [{ group: 'office', channel: 'email', time: 'ALWAYS' }] }],
  reachable: { officeEmail: true, teamChat: false, ccPhones: false, onCall: false },
};

const item = (facts: GoLiveFacts, requirement: string) => goLiveChecklist(facts).items.find((i) => i.requirement === requirement)!;

describe('goLiveChecklist', () => {
  it('is ready when an inbound agent, hours, a CRM and a reachable recipient are all there', () => {
    const c = goLiveChecklist(ready);
    expect(c.ready).toBe(true);
    expect(c.items.map((i) => [i.requirement, i.met])).toEqual([
      ['agents', true],
      ['hours', true],
      ['crm', true],
      ['notifications', true],
    ]);
    expect(item(ready, 'hours').detail).toBe('Open 5 days a week.');
    expect(item(ready, 'crm').detail).toBe('Bookings go to the sandbox CRM.');
  });

  it('needs an agent the organization created', () => {
    const c = goLiveChecklist({ ...ready, inboundAgents: 0 });
    expect(c.ready).toBe(false);
    expect(item({ ...ready, inboundAgents: 0 }, 'agents').detail).toContain('Agents page');
  });

  it('needs at least one open day; an empty or zero-length range is closed', () => {
    expect(item({ ...ready, regularHours: {} }, 'hours').met).toBe(false);
    expect(item({ ...ready, regularHours: { Monday: [{ start: '09:00', end: '09:00' }] } }, 'hours').met).toBe(false);
    expect(item({ ...ready, regularHours: { Saturday: [{ start: '08:00', end: '12:00' }] } }, 'hours').detail).toBe('Open 1 day a week.');
  });

  it('refuses an organization without a CRM, and names its own connection when it has one', () => {
    expect(item({ ...ready, crmName: 'NONE' }, 'crm').met).toBe(false);
    expect(item({ ...ready, ownCrmConnection: true }, 'crm').detail).toContain('own CRM');
    expect(item({ ...ready, deploymentCrm: 'housecallpro' }, 'crm')).toMatchObject({ met: true, detail: 'Bookings go to the deployment’s CRM.' });
  });

  it('counts only recipients with somewhere to send to', () => {
    const nowhere = { officeEmail: false, teamChat: false, ccPhones: false, onCall: false };
    expect(item({ ...ready, reachable: nowhere }, 'notifications').met).toBe(false);
    expect(item({ ...ready, notificationSettings: [] }, 'notifications').met).toBe(false);
    const slack = [{ rule_id: 'BookedCallRule' as const, recipients: [{ group: 'office' as const, channel: 'slack' as const, time: 'ALWAYS' as const }] }];
    expect(item({ ...ready, notificationSettings: slack }, 'notifications').met).toBe(false);
    expect(item({ ...ready, notificationSettings: slack, reachable: { ...nowhere, teamChat: true } }, 'notifications').met).toBe(true);
    const onCall = [
      { rule_id: 'EmergencyJobRule' as const, recipients: [{ group: 'oncall_tech' as const, channel: 'call' as const, time: 'ALWAYS' as const }] },
    ];
    expect(item({ ...ready, notificationSettings: onCall, reachable: { ...nowhere, onCall: true } }, 'notifications').detail).toBe(
      '1 notification rule reaches someone.',
    );
  });

  it('says in one sentence what is missing', () => {
    const c = goLiveChecklist({ ...ready, inboundAgents: 0, crmName: 'NONE' });
    expect(notReadyMessage(c)).toBe('The organization cannot go live yet: it still needs an inbound agent, a CRM to book into.');
  });
});
