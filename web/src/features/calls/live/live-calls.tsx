import { Badge } from '@chakra-ui/react';
import { InteractionChangedSchema } from '@contracts/calls.contract';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import { useSelectedOrg } from '../../organizations/selected-org';
import { addUnread, isCallDataKey, isNewlyEnded, readUnread, removeUnread, unreadBadgeText, writeUnread } from './unread-calls';

type LiveCalls = {
  /** Calls that ended while the dashboard was open and have not been opened, newest first. */
  unread: readonly string[];
  markSeen: (interactionId: string) => void;
  markAllSeen: () => void;
  /** Whether the event stream is open (the page is live). */
  connected: boolean;
};

const LiveCallsContext = createContext<LiveCalls>({ unread: [], markSeen: () => undefined, markAllSeen: () => undefined, connected: false });

/** Refreshes of call data are batched: a call's changes come in bursts (ended, transcribed, classified). */
const REFRESH_DELAY_MS = 150;
const ENDED_SEEN_LIMIT = 500;

/**
 * Live calls (issue 13): one EventSource per signed-in tab on the selected organization's event stream. Every
 * change refreshes what shows calls (SWR), and a call that ends becomes unread until its details are opened.
 * EventSource reconnects by itself; a resync (changes possibly missed) refreshes everything.
 */
export function LiveCallsProvider({ children }: { children: ReactNode }) {
  const { orgId } = useSelectedOrg();
  const { mutate } = useSWRConfig();
  const [unread, setUnread] = useState<string[]>([]);
  const [connected, setConnected] = useState(false);
  const endedSeen = useRef(new Set<string>());

  useEffect(() => setUnread(orgId ? readUnread(orgId) : []), [orgId]);

  const update = useCallback(
    (change: (current: string[]) => string[]) =>
      setUnread((current) => {
        const next = change(current);
        if (orgId) writeUnread(orgId, next);
        return next;
      }),
    [orgId],
  );

  useEffect(() => {
    if (!orgId || typeof EventSource === 'undefined') return;
    const source = new EventSource(`/api/org/${encodeURIComponent(orgId)}/events/stream`);
    let timer: ReturnType<typeof setTimeout> | null = null;
    const refresh = () => {
      if (timer) return;
      timer = setTimeout(() => {
        timer = null;
        void mutate(isCallDataKey);
      }, REFRESH_DELAY_MS);
    };
    source.addEventListener('ready', () => setConnected(true));
    source.addEventListener('error', () => setConnected(false));
    source.addEventListener('resync', refresh);
    source.addEventListener('interaction', (event) => {
      const parsed = InteractionChangedSchema.safeParse(JSON.parse((event as MessageEvent<string>).data));
      if (!parsed.success) return;
      const change = parsed.data;
      if (isNewlyEnded(change, endedSeen.current)) {
        if (endedSeen.current.size >= ENDED_SEEN_LIMIT) endedSeen.current.clear();
        endedSeen.current.add(change.interactionId);
        update((current) => addUnread(current, change.interactionId));
      }
      refresh();
    });
    return () => {
      if (timer) clearTimeout(timer);
      source.close();
      setConnected(false);
    };
  }, [orgId, mutate, update]);

  const value = useMemo<LiveCalls>(
    () => ({
      unread,
      connected,
      markSeen: (id) => update((current) => (current.includes(id) ? removeUnread(current, id) : current)),
      markAllSeen: () => update(() => []),
    }),
    [unread, connected, update],
  );
  return <LiveCallsContext.Provider value={value}>{children}</LiveCallsContext.Provider>;
}

export const useLiveCalls = () => useContext(LiveCallsContext);

/** The navigation's count of unread calls. */
export function UnreadCallsBadge() {
  const { unread, connected } = useLiveCalls();
  const text = unreadBadgeText(unread.length);
  return (
    <Badge
      ml="2"
      colorPalette="red"
      variant="solid"
      borderRadius="full"
      size="sm"
      data-testid="unread-calls-badge"
      data-live={connected ? 'connected' : 'offline'}
      aria-label={`${unread.length} new ${unread.length === 1 ? 'call' : 'calls'}`}
      hidden={text === null}
    >
      {text}
    </Badge>
  );
}
