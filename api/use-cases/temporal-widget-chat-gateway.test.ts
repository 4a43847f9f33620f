import { WorkflowNotFoundError, WorkflowUpdateFailedError } from '@temporalio/client';
import { ActivityFailure, ApplicationFailure, RetryState } from '@temporalio/common';
import { WIDGET_CHAT_REJECTIONS } from '../../workflows/widget-chat/widget-chat.messages';
import { refusal } from './temporal-widget-chat-gateway';

const reasonOf = (err: unknown) => {
  try {
    refusal(err);
  } catch (thrown) {
    return (thrown as { reason?: string }).reason ?? thrown;
  }
};
const rejected = (type: string) => new WorkflowUpdateFailedError('update failed', ApplicationFailure.nonRetryable('no', type));

describe("the widget chat gateway's refusals", () => {
  it('maps the workflow rejections, a missing run and a failed activity to what the API answers', () => {
    expect(reasonOf(rejected(WIDGET_CHAT_REJECTIONS.expired))).toBe('expired');
    expect(reasonOf(rejected(WIDGET_CHAT_REJECTIONS.notFound))).toBe('not_found');
    expect(reasonOf(rejected(WIDGET_CHAT_REJECTIONS.notRegistered))).toBe('not_found');
    expect(reasonOf(new WorkflowNotFoundError('gone', 'widget-chat/x', undefined))).toBe('not_found');
    expect(reasonOf(new Error('workflow execution already completed'))).toBe('expired');
    const crmDown = new WorkflowUpdateFailedError(
      'update failed',
      new ActivityFailure('failed', 'findWidgetChatSlots', '1', RetryState.MAXIMUM_ATTEMPTS_REACHED, undefined),
    );
    expect(reasonOf(crmDown)).toBe('unavailable');
  });

  it('rethrows anything else, to be a 500', () => {
    const other = new Error('boom');
    expect(reasonOf(other)).toBe(other);
  });
});
