import { ConditionSchema } from './conditions';
import type { NotificationEvent } from './interaction-event.schema';
import { NOTIFICATION_RULES, NOTIFICATION_RULE_IDS, type NotificationRuleId, evaluateRules } from './rules';
import { csrCall, emergencyBooking, regularBooking, widgetEvent } from './test-fixtures';

const fires = (event: NotificationEvent, rule: NotificationRuleId) => evaluateRules(event).includes(rule);

describe('the rule table of spec 000 §4', () => {
  it.each<[NotificationRuleId, string, NotificationEvent, boolean]>([
    ['InboundCallRule', 'an unbooked call', csrCall({ call_status: 'UNBOOKED' }), true],
    ['InboundCallRule', 'an abandoned call with nothing in it', csrCall({ call_status: 'ABANDONED', summary: [], customer: null }), true],
    ['BookedCallRule', 'a booked call', csrCall({ call_status: 'BOOKED', bookings: [regularBooking()] }), true],
    ['BookedCallRule', 'a sold call', csrCall({ call_status: 'SOLD' }), false],
    ['UnbookedCallRule', 'an unbooked call', csrCall({ call_status: 'UNBOOKED' }), true],
    ['UnbookedCallRule', 'an excused call', csrCall({ call_status: 'EXCUSED' }), false],
    ['RegularCallbackRule', 'a regular callback', csrCall({ callback: { is_emergency: false } }), true],
    ['RegularCallbackRule', 'an emergency callback', csrCall({ callback: { is_emergency: true } }), false],
    ['RegularCallbackRule', 'a call without a callback', csrCall({ callback: null }), false],
    ['EmergencyCallbackRule', 'an emergency callback', csrCall({ callback: { is_emergency: true } }), true],
    ['EmergencyCallbackRule', 'a regular callback', csrCall({ callback: { is_emergency: false } }), false],
    ['EmergencyCallbackRule', 'a call without a callback', csrCall({}), false],
    [
      'EmergencyJobRule',
      'one emergency booking among regular ones',
      csrCall({ call_status: 'BOOKED', bookings: [regularBooking(), emergencyBooking()] }),
      true,
    ],
    ['EmergencyJobRule', 'only regular bookings', csrCall({ call_status: 'BOOKED', bookings: [regularBooking()] }), false],
    ['EmergencyJobRule', 'a booking silent about emergencies', csrCall({ call_status: 'BOOKED', bookings: [{ techId: 1 }] }), false],
    ['EmergencyJobRule', 'no bookings', csrCall({}), false],
    ['CallErrorsRule', 'a call with errors', csrCall({ errors: ['CRM booking failed: 503'] }), true],
    ['CallErrorsRule', 'a call with structured errors', csrCall({ errors: [{ code: 'CRM', message: 'timeout' }] }), true],
    ['CallErrorsRule', 'a call with an empty error list', csrCall({ errors: [] }), false],
    ['CallErrorsRule', 'a call with errors: null', csrCall({ errors: null }), false],
    ['JobCancellationRule', 'a call tagged cancellation', csrCall({ tags: ['callback', 'cancellation'] }), true],
    ['JobCancellationRule', 'a call tagged reschedule', csrCall({ tags: ['reschedule'] }), false],
    ['JobCancellationRule', 'a tag that only starts like it', csrCall({ tags: ['cancellation_requested'] }), false],
  ])('%s on %s → %s', (rule, _case, event, expected) => {
    expect(fires(event, rule)).toBe(expected);
  });

  it('fires every matching rule, in table order', () => {
    const event = csrCall({
      call_status: 'BOOKED',
      bookings: [emergencyBooking()],
      callback: { is_emergency: true },
      errors: ['Tag sync failed'],
      tags: ['booked', 'cancellation'],
    });

    expect(evaluateRules(event)).toEqual([
      'InboundCallRule',
      'BookedCallRule',
      'EmergencyCallbackRule',
      'EmergencyJobRule',
      'CallErrorsRule',
      'JobCancellationRule',
    ]);
  });

  it('holds each rule as data: one entry per rule id, with valid conditions', () => {
    expect(NOTIFICATION_RULES.map((rule) => rule.id)).toEqual([...NOTIFICATION_RULE_IDS]);
    for (const rule of NOTIFICATION_RULES) {
      for (const condition of rule.conditions) expect(ConditionSchema.parse(condition)).toEqual(condition);
    }
  });
});

describe('widget.event', () => {
  it('fires the outcome rules like a call does', () => {
    const event = widgetEvent({
      call_status: 'BOOKED',
      bookings: [emergencyBooking()],
      errors: ['CRM booking failed'],
      tags: ['cancellation'],
    });

    expect(evaluateRules(event)).toEqual(['BookedCallRule', 'EmergencyJobRule', 'CallErrorsRule', 'JobCancellationRule']);
    expect(evaluateRules(widgetEvent({ call_status: 'UNBOOKED' }))).toEqual(['UnbookedCallRule']);
  });

  it('never fires the call-only rules, even when a callback is passed through', () => {
    const event = widgetEvent({ callback: { is_emergency: true } });

    expect(fires(event, 'InboundCallRule')).toBe(false);
    expect(fires(event, 'EmergencyCallbackRule')).toBe(false);
    expect(fires(widgetEvent({ callback: { is_emergency: false } }), 'RegularCallbackRule')).toBe(false);
  });
});
