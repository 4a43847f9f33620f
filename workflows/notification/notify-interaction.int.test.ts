import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { createOutboxMessaging } from '../../activities/notifications/adapters/outbox/outbox.adapter';
import type { NotificationSetting } from '../../domain/notifications/recipients';
import { createEvent, type DomainEvent } from '../../events/catalog';
import { DEFAULT_REGULAR_HOURS } from '../../domain/organization/organization-settings.schema';
import { eventually, testLogger } from '../../tests/support/integration';
import { startProductHarness, type ProductHarness } from '../../tests/support/product-harness';
import { createWorkers, runWorkers } from '../../worker/create-worker';
import { taskQueue } from '../../domain/run/task-queues';
import { workflowIds } from '../../domain/run/workflow-ids';
import type { NotifyInteractionInput, NotifyInteractionResult } from './notify-interaction.types';

let h: ProductHarness;
const orgId = randomUUID();
const TECH = '+15552000001';
const MANAGER = '+15552000009';

const settings: NotificationSetting[] = [
  {
    rule_id: 'EmergencyJobRule',
    recipients: [
      { group: 'oncall_tech', channel: 'sms', time: 'AFTER_HOURS' },
      { group: 'oncall_tech', channel: 'call', time: 'AFTER_HOURS' },
      { group: 'office', channel: 'email', time: 'ALWAYS' },
      { group: 'office', channel: 'slack', time: 'ALWAYS' },
      { group: 'cc', channel: 'sms', time: 'NON_OFFICE_HOURS' },
      // Closed after hours: the manager must hear nothing unless the technician misses the page.
      { group: 'oncall_manager', channel: 'sms', time: 'OFFICE_HOURS' },
    ],
  },
];

function event(type: DomainEvent['type'], data: object): DomainEvent {
  return createEvent({ eventId: randomUUID(), type, aggregateId: orgId, orgId, correlationId: 'it-notify', causationId: null, data } as never);
}

// Monday 2025-01-06 22:10 in New York: after hours on a business day.
function emergencyBooking(interactionId: string): NotifyInteractionInput {
  return {
    meta: { correlationId: `it-${interactionId}` },
    orgId,
    event: {
      type: 'csr.call',
      payload: {
        interaction_id: interactionId,
        date: '2025-01-07T03:10:00Z',
        subject: 'No heat, elderly occupant',
        department: 'HVAC',
        source: 'call',
        call_status: 'BOOKED',
        customer: { name: 'Jane Doe', address: '12 Main St, Springfield, IL 62701', phone: '+15557654321' },
        summary: [{ title: 'Summary', content: ['Furnace stopped at 9pm.'] }],
        bookings: [{ isEmergency: true, appointment: { start: '2025-01-07T04:00:00Z', end: '2025-01-07T06:00:00Z' }, department: 'HVAC', jobSummary: [] }],
        tags: ['booked', 'emergency'],
        errors: [],
        org: { id: orgId, name: 'Night Owl HVAC', timezone: 'America/New_York', crm_name: 'servicetitan' },
      },
    },
  };
}

const outbox = (interactionId: string) => h.tdb.db.outboxMessage.findMany({ where: { interactionId }, orderBy: [{ channel: 'asc' }, { to: 'asc' }] });

async function notificationEvents(interactionId: string): Promise<DomainEvent[]> {
  const seen: DomainEvent[] = [];
  await h.bus.replay({ aggregateTypes: ['notification'], onEvent: async ({ event: e }) => void (e.aggregateId === interactionId && seen.push(e)) });
  return seen;
}

beforeAll(async () => {
  h = await startProductHarness();
  await h.bus.publish([
    event('OrganizationCreated', {
      orgId,
      name: 'Night Owl HVAC',
      slug: `night-owl-${orgId.slice(0, 8)}`,
      timezone: 'America/New_York',
      crmName: 'servicetitan',
      officeEmail: 'office@night-owl.test',
      adminEmails: ['owner@night-owl.test'],
      tradesOffered: ['HVAC'],
      enterpriseId: null,
      regularHours: DEFAULT_REGULAR_HOURS,
      emergencyHours: null,
    }),
    event('OrganizationNotificationSettingsChanged', { orgId, notificationSettings: settings, ccEmails: [], ccPhoneNumbers: ['+15550001111', '+15550002222'] }),
    event('OncallScheduleChanged', {
      orgId,
      month: '2025-01',
      days: [
        {
          date: '2025-01-06',
          people: [
            { role: 'Technician', employeeId: 11, phoneNumber: '(555) 200-0001', name: 'Tom Tech', department: 'HVAC' },
            { role: 'Manager', employeeId: 12, phoneNumber: '555-200-0009', name: 'Mary Manager', department: 'HVAC' },
          ],
        },
      ],
      cachedEmployeeDetails: { '11': 'Tom Tech', '12': 'Mary Manager' },
    }),
  ]);
  await eventually(async () => {
    const org = await h.tdb.db.organization.findUnique({ where: { id: orgId } });
    return org?.oncallSchedule && org.ccPhoneNumbers.length === 2;
  });
}, 120_000);

afterAll(async () => {
  await h?.stop();
}, 60_000);

describe('notifying an emergency booking after hours', () => {
  const interactionId = randomUUID();
  const run = () =>
    h.client.workflow.execute<(input: NotifyInteractionInput) => Promise<NotifyInteractionResult>>('notifyInteractionWorkflow', {
      taskQueue: taskQueue('notification', h.taskQueuePrefix),
      workflowId: workflowIds.notifyInteraction(interactionId),
      args: [emergencyBooking(interactionId)],
    });

  it('reaches the technician by SMS and phone, the office by e-mail and team chat, the cc phones by SMS, and nobody else', async () => {
    const result = await run();
    expect(result).toMatchObject({ sent: 6, failed: 0, pagerUnanswered: false });

    const messages = await outbox(interactionId);
    expect(messages.map((m) => [m.channel, m.to, m.status])).toEqual([
      ['call', TECH, 'answered'],
      ['email', 'office@night-owl.test', 'sent'],
      ['slack', orgId, 'sent'],
      ['sms', '+15550001111', 'sent'],
      ['sms', '+15550002222', 'sent'],
      ['sms', TECH, 'sent'],
    ]);
    expect(messages.some((m) => m.to === MANAGER)).toBe(false);

    const email = messages.find((m) => m.channel === 'email')!;
    expect(email).toMatchObject({ template: 'job-booking', subject: '[booked, emergency] No heat, elderly occupant' });
    expect(email.html).toContain('New job booked for Jane Doe');
    expect(email.html).toContain('2025-01-06 23:00:00');
    expect(email.text).toContain('View on Dashboard: ');

    const sms = messages.find((m) => m.channel === 'sms' && m.to === TECH)!;
    expect(sms.text).toContain(`Details: ${h.config.dashboardUrl}/dashboard/link/${interactionId}`);
    const call = messages.find((m) => m.channel === 'call')!;
    expect(call.text).toContain('Customer: Jane Doe.');
    expect(call.text).toContain('Appointment: 2025-01-06 23:00:00 to 2025-01-07 01:00:00.');
    expect(messages.find((m) => m.channel === 'slack')!.text).toContain('View on Dashboard');
  }, 60_000);

  it('records each send on the interaction and why the manager was skipped', async () => {
    const events = await eventually(async () => {
      const seen = await notificationEvents(interactionId);
      return seen.filter((e) => e.type === 'NotificationSent').length >= 6 && seen;
    });
    const sent = events.flatMap((e) => (e.type === 'NotificationSent' ? [e.data.interactionEvent] : [])).sort();
    expect(sent).toEqual(['create_call', 'send_email', 'send_slack', 'send_sms', 'send_sms', 'send_sms']);
    const skipped = events.flatMap((e) => (e.type === 'NotificationSkipped' ? [e.data] : []));
    // EmergencyJobRule adds the phone call to the manager's setting too; both wait for office hours.
    expect(skipped.map((s) => [s.group, s.channel, s.reason]).sort()).toEqual([
      ['oncall_manager', 'call', 'time_window_closed'],
      ['oncall_manager', 'sms', 'time_window_closed'],
    ]);
  }, 60_000);

  it('adds nothing to the outbox when the same interaction is notified again', async () => {
    await run();
    expect(await h.tdb.db.outboxMessage.count({ where: { interactionId } })).toBe(6);
  }, 60_000);
});

describe('an emergency page nobody answers', () => {
  it('escalates to the on-call manager and records emergency_pager_no_answer', async () => {
    const prefix = `${h.taskQueuePrefix}nobody-`;
    const { workers, connection } = await createWorkers({
      config: { ...h.config, TEMPORAL_TASK_QUEUE_PREFIX: prefix },
      messaging: createOutboxMessaging(h.tdb.db, { answers: () => false }),
      db: h.tdb.db,
      events: h.bus,
      logger: testLogger,
    });
    const running = runWorkers(workers);
    try {
      const interactionId = randomUUID();
      const result = await h.client.workflow.execute<(input: NotifyInteractionInput) => Promise<NotifyInteractionResult>>('notifyInteractionWorkflow', {
        taskQueue: taskQueue('notification', prefix),
        workflowId: workflowIds.notifyInteraction(interactionId),
        args: [emergencyBooking(interactionId)],
      });
      expect(result.pagerUnanswered).toBe(true);
      const calls = (await outbox(interactionId)).filter((m) => m.channel === 'call');
      expect(calls.map((m) => [m.to, m.status])).toEqual([
        [TECH, 'no_answer'],
        [MANAGER, 'no_answer'],
      ]);
      const unanswered = await eventually(async () => (await notificationEvents(interactionId)).find((e) => e.type === 'EmergencyPagerUnanswered'));
      expect(unanswered.data).toEqual({
        orgId,
        interactionId,
        called: [{ name: 'Tom Tech', phone: TECH }],
        escalatedTo: [{ name: 'Mary Manager', phone: MANAGER }],
        interactionEvent: 'emergency_pager_no_answer',
      });
    } finally {
      for (const w of workers) w.shutdown();
      await running;
      await connection.close();
    }
  }, 90_000);
});
