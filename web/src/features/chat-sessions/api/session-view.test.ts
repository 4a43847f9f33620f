import { describe, expect, it } from '@jest/globals';
import { bubbleSide, sessionCustomer, sessionGist, sessionState } from './session-view';

describe('chat session view helpers', () => {
  it('names the customer by name, else number, else as unknown', () => {
    expect(sessionCustomer({ customer_name: 'Dana Reyes', customer_number: '+15125550142' })).toBe('Dana Reyes');
    expect(sessionCustomer({ customer_name: null, customer_number: '+15125550142' })).toBe('+15125550142');
    expect(sessionCustomer({ customer_name: null, customer_number: null })).toBe('Unknown visitor');
  });

  it("gives the summary's first non-blank line, shortened with an ellipsis, or null when not summarised", () => {
    expect(sessionGist({ summary: [] })).toBeNull();
    expect(sessionGist({ summary: [{ title: 'Overview', content: ['  ', ''] }] })).toBeNull();
    expect(
      sessionGist({
        summary: [
          { title: 'A', content: [' '] },
          { title: 'B', content: ['Leaking sink, wants a visit', 'x'] },
        ],
      }),
    ).toBe('Leaking sink, wants a visit');
    const long = sessionGist({ summary: [{ title: 'A', content: ['word '.repeat(40)] }] }, 20)!;
    expect(long).toHaveLength(20);
    expect(long.endsWith('…')).toBe(true);
  });

  it('puts the visitor on the right and the agent on the left', () => {
    expect(bubbleSide('user')).toBe('right');
    expect(bubbleSide('agent')).toBe('left');
  });

  it('says whether the session is live or ended and why', () => {
    expect(sessionState({ status: 'live', end_reason: null })).toBe('Live');
    expect(sessionState({ status: 'ended', end_reason: null })).toBe('Ended');
    expect(sessionState({ status: 'ended', end_reason: 'QUIET_AFTER_NUDGE' })).toBe('Ended (quiet after nudge)');
  });
});
