import { Badge, Box, Button, HStack, Input, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { EmptyNotice } from '../../../components/empty-notice';
import { ErrorNotice } from '../../../components/error-notice';
import { LoadingNotice } from '../../../components/loading-notice';
import { Page } from '../../../components/page';
import { RouterLink } from '../../../app/router/router-link';
import { useSelectedOrg } from '../../organizations/selected-org';
import { reviewInteraction, useCallLogs } from '../api/calls.api';
import { groupCounts, groupOf, type CallGroup, type CallLogEntry } from '../api/calls.schema';

const GROUP_LABELS: Record<CallGroup, string> = { all: 'All', booked: 'Booked', unbooked: 'Unbooked', excused: 'Excused' };

export const STATUS_COLORS: Record<string, string> = { BOOKED: 'green', UNBOOKED: 'orange', EXCUSED: 'blue', ABANDONED: 'gray', ERROR: 'red', PROCESSING: 'purple', STARTED: 'purple' };

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

function CallRow({ entry, onReviewed }: { entry: CallLogEntry; onReviewed: () => void }) {
  const [saving, setSaving] = useState(false);
  async function toggleReviewed() {
    setSaving(true);
    try {
      await reviewInteraction(entry.interactionId, entry.reviewed_at ? null : new Date().toISOString());
      onReviewed();
    } finally {
      setSaving(false);
    }
  }
  return (
    <Table.Row>
      <Table.Cell>{new Date(entry.created_at).toLocaleString()}</Table.Cell>
      <Table.Cell>
        <RouterLink to={`/calls/${entry.id}`}>{entry.customer_name ?? entry.customer_number ?? 'Unknown caller'}</RouterLink>
        {entry.customer_name && entry.customer_number ? <Text fontSize="xs" color="fg.muted">{entry.customer_number}</Text> : null}
      </Table.Cell>
      <Table.Cell>
        <Badge colorPalette={STATUS_COLORS[entry.call_status] ?? 'gray'}>{entry.call_status}</Badge>
      </Table.Cell>
      <Table.Cell>{entry.agent_type ?? '—'}</Table.Cell>
      <Table.Cell>
        <HStack gap={1} wrap="wrap">
          {entry.tags.map((t) => (
            <Badge key={t} variant="outline">
              {t}
            </Badge>
          ))}
        </HStack>
      </Table.Cell>
      <Table.Cell>
        <Button size="xs" variant={entry.reviewed_at ? 'solid' : 'outline'} loading={saving} onClick={() => void toggleReviewed()}>
          {entry.reviewed_at ? 'Reviewed' : 'Mark reviewed'}
        </Button>
      </Table.Cell>
    </Table.Row>
  );
}

export function CallsPage() {
  const { orgId } = useSelectedOrg();
  const [from, setFrom] = useState(() => isoDay(new Date(Date.now() - 30 * 86_400_000)));
  const [to, setTo] = useState(() => isoDay(new Date()));
  const [page, setPage] = useState(1);
  const [group, setGroup] = useState<CallGroup>('all');
  const { data, error, isLoading, mutate } = useCallLogs(orgId ? { orgId, from, to, page } : null);
  const counts = data ? groupCounts(data.statusCounts) : null;
  const entries = data ? data.entries.filter((e) => group === 'all' || groupOf(e.call_status) === group) : [];

  return (
    <Page title="Calls" description="Calls answered and placed by your AI agents.">
      <Stack gap={4}>
        <HStack gap={3} wrap="wrap">
          <Text fontSize="sm">From</Text>
          <Input type="date" size="sm" width="auto" value={from} onChange={(e) => (setFrom(e.target.value), setPage(1))} aria-label="From" />
          <Text fontSize="sm">to</Text>
          <Input type="date" size="sm" width="auto" value={to} onChange={(e) => (setTo(e.target.value), setPage(1))} aria-label="To" />
          <HStack gap={1} ml="auto">
            {(Object.keys(GROUP_LABELS) as CallGroup[]).map((g) => (
              <Button key={g} size="sm" variant={g === group ? 'solid' : 'outline'} onClick={() => setGroup(g)}>
                {GROUP_LABELS[g]} {counts ? `(${counts[g]})` : ''}
              </Button>
            ))}
          </HStack>
        </HStack>
        {error ? (
          <ErrorNotice error={error} onRetry={() => void mutate()} />
        ) : isLoading || !data ? (
          <LoadingNotice label="Loading calls" />
        ) : data.pagination.totalCount === 0 ? (
          <EmptyNotice symbol="☎" title="No calls yet" description="No calls in this date range. Calls your AI agents answer will appear here, with the transcript, summary and whether a job was booked." />
        ) : (
          <Box>
            <Table.Root size="sm" variant="outline">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>When</Table.ColumnHeader>
                  <Table.ColumnHeader>Customer</Table.ColumnHeader>
                  <Table.ColumnHeader>Status</Table.ColumnHeader>
                  <Table.ColumnHeader>Agent</Table.ColumnHeader>
                  <Table.ColumnHeader>Tags</Table.ColumnHeader>
                  <Table.ColumnHeader>Review</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {entries.map((e) => (
                  <CallRow key={e.id} entry={e} onReviewed={() => void mutate()} />
                ))}
              </Table.Body>
            </Table.Root>
            <HStack justify="center" mt={3}>
              <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Newer
              </Button>
              <Text fontSize="sm">
                Page {data.pagination.currentPage} of {Math.max(1, data.pagination.totalPages)} · {data.pagination.totalCount} calls
              </Text>
              <Button size="sm" variant="outline" disabled={!data.pagination.hasMore} onClick={() => setPage(page + 1)}>
                Older
              </Button>
            </HStack>
          </Box>
        )}
      </Stack>
    </Page>
  );
}
