/**
 * Task queues, in one place. A prefix (TEMPORAL_TASK_QUEUE_PREFIX) lets integration tests run their
 * own workers beside a running stack without stealing each other's tasks.
 */
export const TASK_QUEUES = {
  onboarding: 'onboarding',
  notification: 'notification',
  interaction: 'interaction',
  crm: 'crm',
  webCall: 'web-call',
} as const;

export type TaskQueueName = keyof typeof TASK_QUEUES;

export function taskQueue(name: TaskQueueName, prefix = ''): string {
  return `${prefix}${TASK_QUEUES[name]}`;
}
