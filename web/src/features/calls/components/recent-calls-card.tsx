import { Box, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { formatDuration } from '@contracts/call-labels';
import { Link as RouterLink } from 'react-router';
import { useSelectedOrg } from '../../organizations/selected-org';
import { useOrgTime } from '../../organizations/use-org-time';
import { useCallLogs } from '../api/calls.api';
import { useLiveCalls } from '../live/live-calls';
import { CallStatusBadge } from './call-status-badge';

const RECENT = 5;

/** The Dashboard's latest calls, kept live by the calls' event stream (issue 13). */
export function RecentCallsCard() {
  const { orgId, hrefFor } = useSelectedOrg();
  const { format, caption } = useOrgTime();
  const { unread } = useLiveCalls();
  const { data } = useCallLogs(orgId ? { orgId, currentAgents: 'ALL', page: 1, pageSize: RECENT } : null);
  if (!orgId) return null;
  return (
    <Box borderWidth="1px" borderRadius="l3" bg="bg" p={5} data-testid="recent-calls">
      <HStack justify="space-between" mb={3}>
        <Heading size="sm">Latest calls</Heading>
        <RouterLink to={hrefFor('/calls')}>All calls →</RouterLink>
      </HStack>
      {!data ? (
        <Text fontSize="sm" color="fg.muted">
          Loading…
        </Text>
      ) : data.entries.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          Calls appear here the moment they end.
        </Text>
      ) : (
        <Stack gap={2}>
          {data.entries.map((e) => (
            <HStack key={e.id} justify="space-between" gap={3} data-testid={`recent-call-${e.id}`}>
              <Box minW={0}>
                <RouterLink to={hrefFor(`/calls/${e.id}`)}>
                  <Text fontSize="sm" fontWeight={unread.includes(e.id) ? 'bold' : 'medium'} truncate>
                    {e.customer_name ?? e.customer_number ?? 'Unknown caller'}
                  </Text>
                </RouterLink>
                <Text fontSize="xs" color="fg.muted">
                  {format(e.started_at ?? e.created_at)} · {formatDuration(e.duration_seconds)}
                </Text>
              </Box>
              <CallStatusBadge status={e.call_status} />
            </HStack>
          ))}
          <Text fontSize="xs" color="fg.subtle">
            {caption}
          </Text>
        </Stack>
      )}
    </Box>
  );
}
