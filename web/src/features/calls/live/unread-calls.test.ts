import { describe, expect, it } from '@jest/globals';
import { addUnread, isCallDataKey, isNewlyEnded, MAX_UNREAD_CALLS, removeUnread, unreadBadgeText } from './unread-calls';

describe('unread calls', () => {
  it('puts a newly ended call first, once, and keeps at most the bound', () => {
    expect(addUnread(['b'], 'a')).toEqual(['a', 'b']);
    expect(addUnread(['a', 'b'], 'b')).toEqual(['a', 'b']);
    const many = Array.from({ length: MAX_UNREAD_CALLS }, (_, i) => `c${i}`);
    expect(addUnread(many, 'new')).toHaveLength(MAX_UNREAD_CALLS);
    expect(addUnread(many, 'new')[0]).toBe('new');
    expect(removeUnread(['a', 'b'], 'a')).toEqual(['b']);
  });

  it('counts a call once when it ends, not again when it is classified', () => {
    expect(isNewlyEnded({ interactionId: 'a', justEnded: false }, new Set())).toBe(false);
    expect(isNewlyEnded({ interactionId: 'a', justEnded: true }, new Set())).toBe(true);
    expect(isNewlyEnded({ interactionId: 'a', justEnded: true }, new Set(['a']))).toBe(false);
  });

  it('shows the count, nothing at zero, and "99+" past the bound', () => {
    expect(unreadBadgeText(0)).toBeNull();
    expect(unreadBadgeText(1)).toBe('1');
    expect(unreadBadgeText(MAX_UNREAD_CALLS)).toBe('99+');
  });

  it('refreshes the call history, call details and call analytics, nothing else', () => {
    expect(isCallDataKey(['/call/logs', { orgId: 'o' }])).toBe(true);
    expect(isCallDataKey(['/call/retrieve', 'id'])).toBe(true);
    expect(isCallDataKey('/call/analytics?orgId=o')).toBe(true);
    expect(isCallDataKey('/org?id=o')).toBe(false);
    expect(isCallDataKey(undefined)).toBe(false);
  });
});
