import { Badge, Box, Button, HStack, Input, Link, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { EmptyNotice } from '../../../components/empty-notice';
import { ErrorNotice } from '../../../components/error-notice';
import { LoadingNotice } from '../../../components/loading-notice';
import { Page } from '../../../components/page';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useSelectedOrg } from '../../organizations/selected-org';
import { useWebCallAgents } from '../../web-call/api/web-call.api';
import { reviewInteraction, useCallLogs } from '../api/calls.api';
import { callsFilterSearch, isVoiceAgentType, PAGE_SIZES, parseCallsFilter, VOICE_AGENT_TYPES, type CallsFilter } from '../api/calls-filter';
import { groupCounts, groupOf, type CallGroup, type CallLogEntry } from '../api/calls.schema';
import { OFFLINE_ENGINE, OfflineEngineBadge } from '../../../components/offline-engine-badge';

const GROUP_LABELS: Record<CallGroup, string> = { all: 'All', booked: 'Booked', unbooked: 'Unbooked', excused: 'Excused' };

export const STATUS_COLORS: Record<string, string> = {
  BOOKED: 'green',
  UNBOOKED: 'orange',
  EXCUSED: 'blue',
  ABANDONED: 'gray',
  ERROR: 'red',
  PROCESSING: 'purple',
  STARTED: 'purple',
};

const agentTypeLabel = (t: string) =>
  t
    .replace(/_/g, ' ')
    .toLowerCase()
    .replace(/^\w/, (c) => c.toUpperCase())
    .replace(/\bcsr\b/i, 'CSR');

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
  const jobs = entry.jobs.filter((j) => j.jobNumber || j.link !== '#');
  return (
    <Table.Row data-testid={`call-row-${entry.id}`}>
      <Table.Cell>{new Date(entry.created_at).toLocaleString()}</Table.Cell>
      <Table.Cell>
        <RouterLink to={`/calls/${entry.id}`}>{entry.customer_name ?? entry.customer_number ?? 'Unknown caller'}</RouterLink>
        {entry.customer_name && entry.customer_number ? (
          <Text fontSize="xs" color="fg.muted">
            {entry.customer_number}
          </Text>
        ) : null}
      </Table.Cell>
      <Table.Cell>
        <HStack gap={1} wrap="wrap">
          <Badge colorPalette={STATUS_COLORS[entry.call_status] ?? 'gray'}>{entry.call_status}</Badge>
          {entry.analysed_by === OFFLINE_ENGINE ? <OfflineEngineBadge size="xs" /> : null}
        </HStack>
      </Table.Cell>
      <Table.Cell>{entry.agent_type ?? '—'}</Table.Cell>
      <Table.Cell>
        {jobs.length === 0
          ? '—'
          : jobs.map((j) =>
              j.link === '#' ? (
                <Text key={j.crm_job_id} fontSize="sm">
                  Job {j.jobNumber}
                </Text>
              ) : (
                <Link key={j.crm_job_id} href={j.link} target="_blank" rel="noreferrer" fontSize="sm" display="block" colorPalette="blue">
                  Job {j.jobNumber ?? j.crm_job_id} ↗
                </Link>
              ),
            )}
      </Table.Cell>
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
        <Button
          size="xs"
          variant={entry.reviewed_at ? 'solid' : 'outline'}
          loading={saving}
          onClick={() => void toggleReviewed()}
          title={entry.review_notes ?? undefined}
        >
          {entry.reviewed_at ? 'Reviewed' : 'Mark reviewed'}
        </Button>
      </Table.Cell>
    </Table.Row>
  );
}

function FilterSelect({
  label,
  testId,
  value,
  onChange,
  children,
}: {
  label: string;
  testId: string;
  value: string;
  onChange: (value: string) => void;
  children: React.ReactNode;
}) {
  return (
    <NativeSelect.Root size="sm" width="auto">
      <NativeSelect.Field data-testid={testId} aria-label={label} value={value} onChange={(e) => onChange(e.target.value)}>
        {children}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

export function CallsPage() {
  const { orgId } = useSelectedOrg();
  const { pathname } = useLocation();
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const filter = parseCallsFilter(query, new Date());
  // Every change but paging goes back to page 1; the URL is replaced so Back leaves the page, not a filter.
  const update = (change: Partial<CallsFilter>) => void navigate(`${pathname}${callsFilterSearch({ ...filter, page: 1, ...change })}`, { replace: true });

  const agents = useWebCallAgents(orgId);
  const { data, error, isLoading, mutate } = useCallLogs(
    orgId
      ? {
          orgId,
          from: filter.from,
          to: filter.to,
          page: filter.page,
          pageSize: filter.pageSize,
          currentAgents: filter.agentTypes,
          ...(filter.agentId ? { agentId: filter.agentId } : {}),
        }
      : null,
  );
  const counts = data ? groupCounts(data.statusCounts) : null;
  const entries = data ? data.entries.filter((e) => filter.group === 'all' || groupOf(e.call_status) === filter.group) : [];
  const filtered = filter.agentTypes !== 'ALL' || filter.agentId !== null;
  const agentType = filter.agentTypes === 'ALL' ? 'ALL' : filter.agentTypes.join(',');
  const pageSizes: number[] = PAGE_SIZES.includes(filter.pageSize as (typeof PAGE_SIZES)[number])
    ? [...PAGE_SIZES]
    : [...PAGE_SIZES, filter.pageSize].sort((a, b) => a - b);

  return (
    <Page title="Calls" description="Calls answered and placed by your AI agents.">
      <Stack gap={4}>
        <HStack gap={3} wrap="wrap">
          <Text fontSize="sm">From</Text>
          <Input
            type="date"
            size="sm"
            width="auto"
            value={filter.from}
            onChange={(e) => e.target.value && update({ from: e.target.value })}
            aria-label="From"
            data-testid="calls-from"
          />
          <Text fontSize="sm">to</Text>
          <Input
            type="date"
            size="sm"
            width="auto"
            value={filter.to}
            onChange={(e) => e.target.value && update({ to: e.target.value })}
            aria-label="To"
            data-testid="calls-to"
          />
          <FilterSelect
            label="Agent type"
            testId="calls-agent-type"
            value={agentType}
            onChange={(v) => update({ agentTypes: v === 'ALL' ? 'ALL' : v.split(',').filter(isVoiceAgentType) })}
          >
            <option value="ALL">All agent types</option>
            {filter.agentTypes !== 'ALL' && filter.agentTypes.length > 1 ? (
              <option value={agentType}>{filter.agentTypes.map(agentTypeLabel).join(', ')}</option>
            ) : null}
            {VOICE_AGENT_TYPES.map((t) => (
              <option key={t} value={t}>
                {agentTypeLabel(t)}
              </option>
            ))}
          </FilterSelect>
          <FilterSelect label="Agent" testId="calls-agent" value={filter.agentId ?? ''} onChange={(v) => update({ agentId: v || null })}>
            <option value="">All agents</option>
            {(agents.data?.agents ?? [])
              .filter((a) => filter.agentTypes === 'ALL' || filter.agentTypes.includes(a.agent_type))
              .map((a) => (
                <option key={a.id} value={a.id}>
                  {a.friendly_name ?? agentTypeLabel(a.agent_type)}
                </option>
              ))}
          </FilterSelect>
          <HStack gap={1} ml="auto">
            {(Object.keys(GROUP_LABELS) as CallGroup[]).map((g) => (
              <Button
                key={g}
                size="sm"
                data-testid={`calls-group-${g}`}
                variant={g === filter.group ? 'solid' : 'outline'}
                onClick={() => update({ group: g, page: filter.page })}
              >
                {GROUP_LABELS[g]} {counts ? `(${counts[g]})` : ''}
              </Button>
            ))}
          </HStack>
        </HStack>
        {error ? (
          <ErrorNotice error={error} onRetry={() => void mutate()} />
        ) : isLoading || !data ? (
          <LoadingNotice label="Loading calls" />
        ) : data.pagination.totalCount === 0 && filter.page === 1 ? (
          filtered ? (
            <EmptyNotice
              symbol="☎"
              title="No calls match"
              description="No calls from this agent in this date range."
              action={
                <Button size="sm" variant="outline" onClick={() => update({ agentTypes: 'ALL', agentId: null })}>
                  Show every agent
                </Button>
              }
            />
          ) : (
            <EmptyNotice
              symbol="☎"
              title="No calls yet"
              description="No calls in this date range. Calls your AI agents answer will appear here, with the transcript, summary and whether a job was booked."
            />
          )
        ) : (
          <Box>
            <Table.Root size="sm" variant="outline">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>When</Table.ColumnHeader>
                  <Table.ColumnHeader>Customer</Table.ColumnHeader>
                  <Table.ColumnHeader>Status</Table.ColumnHeader>
                  <Table.ColumnHeader>Agent</Table.ColumnHeader>
                  <Table.ColumnHeader>Jobs</Table.ColumnHeader>
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
            {entries.length === 0 ? (
              <Text fontSize="sm" color="fg.muted" mt={2}>
                No {GROUP_LABELS[filter.group].toLowerCase()} calls on this page.
              </Text>
            ) : null}
            <HStack justify="center" mt={3} gap={3}>
              <Button size="sm" variant="outline" data-testid="calls-newer" disabled={filter.page <= 1} onClick={() => update({ page: filter.page - 1 })}>
                Newer
              </Button>
              <Text fontSize="sm" data-testid="calls-pager">
                Page {data.pagination.currentPage} of {Math.max(1, data.pagination.totalPages)} · {data.pagination.totalCount} calls
              </Text>
              <Button
                size="sm"
                variant="outline"
                data-testid="calls-older"
                disabled={!data.pagination.hasMore}
                onClick={() => update({ page: filter.page + 1 })}
              >
                Older
              </Button>
              <FilterSelect label="Calls per page" testId="calls-page-size" value={String(filter.pageSize)} onChange={(v) => update({ pageSize: Number(v) })}>
                {pageSizes.map((n) => (
                  <option key={n} value={n}>
                    {n} per page
                  </option>
                ))}
              </FilterSelect>
            </HStack>
          </Box>
        )}
      </Stack>
    </Page>
  );
}
