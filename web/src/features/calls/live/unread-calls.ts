/**
 * The calls that ended while the dashboard was open and nobody has opened yet (issue 13: an unread badge in the
 * navigation until seen). Kept per organization in the browser's storage, newest first and bounded, so a
 * reload keeps the badge and a long day cannot grow it without end.
 */
export const MAX_UNREAD_CALLS = 99;

export function addUnread(unread: readonly string[], interactionId: string): string[] {
  if (unread.includes(interactionId)) return [...unread];
  return [interactionId, ...unread].slice(0, MAX_UNREAD_CALLS);
}

export const removeUnread = (unread: readonly string[], interactionId: string): string[] => unread.filter((id) => id !== interactionId);

/** "99+" past the bound; nothing at zero. */
export const unreadBadgeText = (count: number): string | null => (count <= 0 ? null : count >= MAX_UNREAD_CALLS ? `${MAX_UNREAD_CALLS}+` : String(count));

const storageKey = (orgId: string) => `homeagent.unreadCalls.${orgId}`;

export function readUnread(orgId: string): string[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(storageKey(orgId)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string').slice(0, MAX_UNREAD_CALLS) : [];
  } catch {
    return [];
  }
}

export function writeUnread(orgId: string, unread: readonly string[]): void {
  try {
    window.localStorage.setItem(storageKey(orgId), JSON.stringify(unread));
  } catch {
    // Storage can be unavailable (private mode); the badge then lasts until a reload.
  }
}

/**
 * Whether a pushed change makes a call unread: it is the call's end (not a later change of a call that ended
 * before the page was opened), seen once by this tab. `endedSeen` is bounded by the caller.
 */
export function isNewlyEnded(change: { interactionId: string; justEnded: boolean }, endedSeen: ReadonlySet<string>): boolean {
  return change.justEnded && !endedSeen.has(change.interactionId);
}

/** SWR keys of what shows calls: the call history, a call's details, and call analytics. */
export function isCallDataKey(key: unknown): boolean {
  const head = Array.isArray(key) ? key[0] : key;
  return typeof head === 'string' && head.startsWith('/call/');
}
