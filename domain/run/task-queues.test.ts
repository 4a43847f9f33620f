import { taskQueue } from './task-queues';

describe('taskQueue', () => {
  it('is the plain queue name without a prefix', () => {
    expect(taskQueue('onboarding')).toBe('onboarding');
    expect(taskQueue('onboarding', '')).toBe('onboarding');
  });

  it('puts the prefix in front, so test workers do not take a running stack’s tasks', () => {
    expect(taskQueue('onboarding', 'it_3fa9c1d2.')).toBe('it_3fa9c1d2.onboarding');
    expect(taskQueue('onboarding', 'it_3fa9c1d2.')).not.toBe(taskQueue('onboarding'));
  });
});
