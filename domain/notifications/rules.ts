import { z } from 'zod';
import { type Condition, conditionsHold } from './conditions';
import type { NotificationEvent, NotificationEventType } from './interaction-event.schema';

/** Spec 000 §4, in the order of its table; plans list rules and deliveries in this order. */
export const NOTIFICATION_RULE_IDS = [
  'InboundCallRule',
  'BookedCallRule',
  'UnbookedCallRule',
  'RegularCallbackRule',
  'EmergencyCallbackRule',
  'EmergencyJobRule',
  'CallErrorsRule',
  'JobCancellationRule',
] as const;
export const NotificationRuleIdSchema = z.enum(NOTIFICATION_RULE_IDS);
export type NotificationRuleId = z.infer<typeof NotificationRuleIdSchema>;

export interface NotificationRule {
  readonly id: NotificationRuleId;
  readonly eventTypes: readonly NotificationEventType[];
  /** Read against the event's payload; all must hold. */
  readonly conditions: readonly Condition[];
}

// 000 §4 says every rule listens to csr.call; 001 §3 sends widget.event to notification consumers with the
// same fields. A widget chat is not a call and carries no callback, so only the rules that judge what
// happened (booked, unbooked, emergency job, errors, cancellation) also listen to widget.event.
const CALLS: readonly NotificationEventType[] = ['csr.call'];
const CALLS_AND_WIDGET: readonly NotificationEventType[] = ['csr.call', 'widget.event'];

export const NOTIFICATION_RULES: readonly NotificationRule[] = [
  { id: 'InboundCallRule', eventTypes: CALLS, conditions: [] },
  {
    id: 'BookedCallRule',
    eventTypes: CALLS_AND_WIDGET,
    conditions: [{ path: 'call_status', operator: 'equals', value: 'BOOKED' }],
  },
  {
    id: 'UnbookedCallRule',
    eventTypes: CALLS_AND_WIDGET,
    conditions: [{ path: 'call_status', operator: 'equals', value: 'UNBOOKED' }],
  },
  {
    id: 'RegularCallbackRule',
    eventTypes: CALLS,
    conditions: [{ path: 'callback.is_emergency', operator: 'equals', value: false }],
  },
  {
    id: 'EmergencyCallbackRule',
    eventTypes: CALLS,
    conditions: [{ path: 'callback.is_emergency', operator: 'equals', value: true }],
  },
  {
    id: 'EmergencyJobRule',
    eventTypes: CALLS_AND_WIDGET,
    conditions: [{ path: 'bookings', operator: 'array_containing', value: { isEmergency: true } }],
  },
  {
    id: 'CallErrorsRule',
    eventTypes: CALLS_AND_WIDGET,
    conditions: [{ path: 'errors', operator: 'is_not_empty' }],
  },
  {
    id: 'JobCancellationRule',
    eventTypes: CALLS_AND_WIDGET,
    conditions: [{ path: 'tags', operator: 'contains', value: 'cancellation' }],
  },
];

/** The ids of the rules that fire for the event, in table order. */
export function evaluateRules(event: NotificationEvent): NotificationRuleId[] {
  return NOTIFICATION_RULES.filter((rule) => rule.eventTypes.includes(event.type) && conditionsHold(event.payload, rule.conditions)).map((rule) => rule.id);
}
