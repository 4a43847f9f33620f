import { Badge, Box, Button, HStack, IconButton, Input, Link, NativeSelect, Stack, Table, Text, useBreakpointValue } from '@chakra-ui/react';
import { agentTypeLabel, formatDuration, plural, tagLabel } from '@contracts/call-labels';
import { useEffect, useRef, useState } from 'react';
import { EmptyNotice } from '../../../components/empty-notice';
import { ErrorNotice } from '../../../components/error-notice';
import { LoadingNotice } from '../../../components/loading-notice';
import { Page } from '../../../components/page';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useSelectedOrg } from '../../organizations/selected-org';
import { withOrgQuery } from '../../organizations/org-selection';
import { useOrgTime } from '../../organizations/use-org-time';
import { useWebCallAgents } from '../../web-call/api/web-call.api';
import { recordingUrl, reviewInteraction, useCallLogs } from '../api/calls.api';
import {
  CALLS_VIEWS,
  callLogsQueryOf,
  callsExportUrl,
  callsFilterSearch,
  isVoiceAgentType,
  MAX_SEARCH_LENGTH,
  PAGE_SIZES,
  parseCallsFilter,
  VOICE_AGENT_TYPES,
  type CallsFilter,
  type CallsView,
} from '../api/calls-filter';
import { groupCounts, type CallLogEntry } from '../api/calls.schema';
import { useLiveCalls } from '../live/live-calls';
import { OFFLINE_ENGINE, OfflineEngineBadge } from '../../../components/offline-engine-badge';
import { CallStatusBadge } from './call-status-badge';

const VIEW_LABELS: Record<CallsView, string> = {
  all: 'All',
  booked: 'Booked',
  unbooked: 'Not booked',
  excused: 'Excused',
  'follow-up': 'Needs follow-up',
};

/** Plays the recording in the list; one at a time on the page. */
let playing: HTMLAudioElement | null = null;
function PlayButton({ entry }: { entry: CallLogEntry }) {
  const [state, setState] = useState<'idle' | 'playing' | 'failed'>('idle');
  const audio = useRef<HTMLAudioElement | null>(null);
  useEffect(() => () => audio.current?.pause(), []);
  if (!entry.recording_url) return null;
  function toggle(event: React.MouseEvent) {
    event.stopPropagation();
    if (!audio.current) {
      const a = new Audio(recordingUrl(entry.interactionId));
      a.onended = () => setState('idle');
      a.onpause = () => setState((s) => (s === 'playing' ? 'idle' : s));
      a.onerror = () => setState('failed');
      audio.current = a;
    }
    const a = audio.current;
    if (state === 'playing') {
      a.pause();
      return;
    }
    if (playing && playing !== a) playing.pause();
    playing = a;
    setState('playing');
    void a.play().catch(() => setState('failed'));
  }
  const label = state === 'playing' ? 'Pause the recording' : state === 'failed' ? 'The recording could not be played' : 'Play the recording';
  return (
    <IconButton
      size="xs"
      variant="outline"
      aria-label={label}
      title={label}
      onClick={toggle}
      disabled={state === 'failed'}
      data-testid={`call-play-${entry.id}`}
    >
      {state === 'playing' ? '❚❚' : '▶'}
    </IconButton>
  );
}

function ReviewButton({ entry, onReviewed }: { entry: CallLogEntry; onReviewed: () => void }) {
  const [saving, setSaving] = useState(false);
  async function toggleReviewed(event: React.MouseEvent) {
    event.stopPropagation();
    setSaving(true);
    try {
      await reviewInteraction(entry.interactionId, entry.reviewed_at ? null : new Date().toISOString());
      onReviewed();
    } finally {
      setSaving(false);
    }
  }
  return (
    <Button
      size="xs"
      variant={entry.reviewed_at ? 'solid' : 'outline'}
      loading={saving}
      onClick={(e) => void toggleReviewed(e)}
      title={entry.review_notes ?? undefined}
    >
      {entry.reviewed_at ? 'Reviewed' : 'Mark reviewed'}
    </Button>
  );
}

const callerOf = (entry: CallLogEntry) => entry.customer_name ?? entry.customer_number ?? 'Unknown caller';

/** Opens the call unless the click was on a control of its own (a link, a button) or selected text. */
function openOnRowClick(event: React.MouseEvent, href: string, navigate: (to: string) => void) {
  const target = event.target as HTMLElement;
  if (target.closest('a, button, input, audio')) return;
  if (window.getSelection()?.toString()) return;
  if (event.metaKey || event.ctrlKey) window.open(href, '_blank');
  else navigate(href);
}

function CallRow({ entry, isNew, onReviewed }: { entry: CallLogEntry; isNew: boolean; onReviewed: () => void }) {
  const navigate = useNavigate();
  const { format } = useOrgTime();
  // The org comes back into the URL from the selection (as on every in-app link to a call).
  const href = `/calls/${entry.id}`;
  const jobs = entry.jobs.filter((j) => j.jobNumber || j.link !== '#');
  return (
    <Table.Row
      data-testid={`call-row-${entry.id}`}
      cursor="pointer"
      _hover={{ bg: 'bg.muted' }}
      bg={isNew ? 'blue.subtle' : undefined}
      onClick={(e) => openOnRowClick(e, href, (to) => void navigate(to))}
    >
      <Table.Cell whiteSpace="nowrap">{format(entry.started_at ?? entry.created_at)}</Table.Cell>
      <Table.Cell>
        <HStack gap={2}>
          <RouterLink to={href}>{callerOf(entry)}</RouterLink>
          {isNew ? (
            <Badge colorPalette="red" size="xs" data-testid={`call-new-${entry.id}`}>
              New
            </Badge>
          ) : null}
        </HStack>
        {entry.customer_name && entry.customer_number ? (
          <Text fontSize="xs" color="fg.muted">
            {entry.customer_number}
          </Text>
        ) : null}
      </Table.Cell>
      <Table.Cell>
        <HStack gap={1} wrap="wrap">
          <CallStatusBadge status={entry.call_status} />
          {entry.analysed_by === OFFLINE_ENGINE ? <OfflineEngineBadge size="xs" /> : null}
        </HStack>
        {entry.tags.length > 0 ? (
          <Text fontSize="xs" color="fg.muted" mt={1}>
            {entry.tags.map(tagLabel).join(' · ')}
          </Text>
        ) : null}
      </Table.Cell>
      <Table.Cell maxW="sm">
        <Text fontSize="sm" lineClamp={2} title={entry.summary_line ?? undefined} color={entry.summary_line ? undefined : 'fg.muted'}>
          {entry.summary_line ?? (entry.call_status === 'STARTED' || entry.call_status === 'PROCESSING' ? 'Summary on its way…' : 'No summary')}
        </Text>
        {jobs.map((j) =>
          j.link === '#' ? (
            <Text key={j.crm_job_id} fontSize="xs">
              Job {j.jobNumber}
            </Text>
          ) : (
            <Link key={j.crm_job_id} href={j.link} target="_blank" rel="noreferrer" fontSize="xs" display="block" colorPalette="blue">
              Job {j.jobNumber ?? j.crm_job_id} ↗
            </Link>
          ),
        )}
      </Table.Cell>
      <Table.Cell whiteSpace="nowrap">{agentTypeLabel(entry.agent_type)}</Table.Cell>
      <Table.Cell whiteSpace="nowrap">{formatDuration(entry.duration_seconds)}</Table.Cell>
      <Table.Cell>
        <HStack gap={2} justify="flex-end">
          <PlayButton entry={entry} />
          <ReviewButton entry={entry} onReviewed={onReviewed} />
        </HStack>
      </Table.Cell>
    </Table.Row>
  );
}

/** Under 768 px the list is cards: no sideways scroll on a phone. */
function CallCard({ entry, isNew, onReviewed }: { entry: CallLogEntry; isNew: boolean; onReviewed: () => void }) {
  const navigate = useNavigate();
  const { format } = useOrgTime();
  // The org comes back into the URL from the selection (as on every in-app link to a call).
  const href = `/calls/${entry.id}`;
  return (
    <Box
      borderWidth="1px"
      borderRadius="md"
      p={3}
      bg={isNew ? 'blue.subtle' : 'bg'}
      cursor="pointer"
      onClick={(e) => openOnRowClick(e, href, (to) => void navigate(to))}
      data-testid={`call-card-${entry.id}`}
    >
      <HStack justify="space-between" gap={2}>
        <RouterLink to={href}>
          <Text fontWeight="semibold">{callerOf(entry)}</Text>
        </RouterLink>
        <HStack gap={1}>
          {isNew ? (
            <Badge colorPalette="red" size="xs">
              New
            </Badge>
          ) : null}
          <CallStatusBadge status={entry.call_status} />
        </HStack>
      </HStack>
      <Text fontSize="xs" color="fg.muted">
        {format(entry.started_at ?? entry.created_at)} · {formatDuration(entry.duration_seconds)} · {agentTypeLabel(entry.agent_type)}
      </Text>
      {entry.summary_line ? (
        <Text fontSize="sm" mt={1} lineClamp={2}>
          {entry.summary_line}
        </Text>
      ) : null}
      <HStack mt={2} gap={2}>
        <PlayButton entry={entry} />
        <ReviewButton entry={entry} onReviewed={onReviewed} />
      </HStack>
    </Box>
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

/** The search box: typed freely, put in the URL (and asked of the API) once typing pauses. */
function SearchBox({ value, onSearch }: { value: string; onSearch: (search: string) => void }) {
  const [text, setText] = useState(value);
  const search = useRef(onSearch);
  search.current = onSearch;
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => search.current(text), 300);
    return () => clearTimeout(timer);
  }, [text, value]);
  return (
    <Input
      type="search"
      size="sm"
      maxW={{ base: 'full', md: '72' }}
      placeholder="Search name, phone or words said"
      aria-label="Search calls by name, phone number or words in the transcript"
      value={text}
      maxLength={MAX_SEARCH_LENGTH}
      onChange={(e) => setText(e.target.value)}
      data-testid="calls-search"
    />
  );
}

export function CallsPage() {
  const { orgId } = useSelectedOrg();
  const { pathname } = useLocation();
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const { caption, timeZone } = useOrgTime();
  const { unread, markAllSeen } = useLiveCalls();
  // One layout at a time (not both, one hidden by CSS): cards on a phone, the table from md up.
  const asCards = useBreakpointValue({ base: true, md: false }) ?? false;
  const filter = parseCallsFilter(query, new Date(), timeZone);
  // Every change but paging goes back to page 1, and every change but Older drops the cursor (Older reads on from the
  // page's last call by its nextCursor); the URL is replaced so Back leaves the page, not a filter. It keeps
  // the organization: a URL without it makes the org selection navigate again, and that second navigation, carrying
  // the search of its own render, could land after the next filter change and undo it (a search typed away).
  const update = (change: Partial<CallsFilter>) =>
    void navigate(withOrgQuery(pathname, callsFilterSearch({ ...filter, page: 1, cursor: null, ...change }), orgId), { replace: true });

  const agents = useWebCallAgents(orgId);
  const { data, error, isLoading, mutate } = useCallLogs(orgId ? callLogsQueryOf(orgId, filter) : null);
  const counts = data ? { ...groupCounts(data.statusCounts), 'follow-up': data.needsFollowUpCount } : null;
  const entries = data?.entries ?? [];
  const filtered = filter.agentTypes !== 'ALL' || filter.agentId !== null || filter.search.trim() !== '';
  const agentType = filter.agentTypes === 'ALL' ? 'ALL' : filter.agentTypes.join(',');
  const pageSizes: number[] = PAGE_SIZES.includes(filter.pageSize as (typeof PAGE_SIZES)[number])
    ? [...PAGE_SIZES]
    : [...PAGE_SIZES, filter.pageSize].sort((a, b) => a - b);
  const unreadSet = new Set(unread);
  const onReviewed = () => void mutate();

  return (
    <Page title="Calls" description="Calls answered and placed by your AI agents. New calls appear here as they end.">
      <Stack gap={4}>
        <HStack gap={3} wrap="wrap">
          <SearchBox value={filter.search} onSearch={(search) => update({ search })} />
          {/* On a phone the two dates share the row's width instead of running past it. */}
          <HStack gap={2} w={{ base: 'full', sm: 'auto' }}>
            <Text fontSize="sm">From</Text>
            <Input
              type="date"
              size="sm"
              width="auto"
              flex={{ base: '1', sm: 'none' }}
              minW="0"
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
              flex={{ base: '1', sm: 'none' }}
              minW="0"
              value={filter.to}
              onChange={(e) => e.target.value && update({ to: e.target.value })}
              aria-label="To"
              data-testid="calls-to"
            />
          </HStack>
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
          {orgId ? (
            <Button asChild size="sm" variant="outline" ml={{ md: 'auto' }}>
              <a href={callsExportUrl(orgId, filter)} download data-testid="calls-export">
                Export CSV
              </a>
            </Button>
          ) : null}
        </HStack>
        <HStack gap={1} wrap="wrap">
          {CALLS_VIEWS.map((g) => (
            <Button
              key={g}
              size="sm"
              data-testid={`calls-group-${g}`}
              variant={g === filter.group ? 'solid' : 'outline'}
              colorPalette={g === 'follow-up' ? 'orange' : undefined}
              onClick={() => update({ group: g })}
            >
              {VIEW_LABELS[g]} {counts ? `(${counts[g]})` : ''}
            </Button>
          ))}
          {unread.length > 0 ? (
            <Button size="sm" variant="ghost" ml="auto" onClick={markAllSeen} data-testid="calls-mark-all-seen">
              Mark {plural(unread.length, 'new call')} as seen
            </Button>
          ) : null}
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
              description={
                filter.search.trim()
                  ? `No call in this date range has “${filter.search.trim()}” in its caller's name, number or transcript.`
                  : 'No calls from this agent in this date range.'
              }
              action={
                <Button size="sm" variant="outline" onClick={() => update({ agentTypes: 'ALL', agentId: null, search: '' })}>
                  Clear the search and show every agent
                </Button>
              }
            />
          ) : filter.group === 'follow-up' ? (
            <EmptyNotice symbol="✓" title="Nothing to follow up" description="Every call that did not book in this date range has been reviewed." />
          ) : (
            <EmptyNotice
              symbol="☎"
              title={filter.group === 'all' ? 'No calls yet' : `No ${VIEW_LABELS[filter.group].toLowerCase()} calls`}
              description="No calls in this date range. Calls your AI agents answer will appear here as they end, with the transcript, summary and whether a job was booked."
            />
          )
        ) : (
          <Box>
            <Text fontSize="xs" color="fg.muted" mb={2} data-testid="calls-time-zone">
              {caption}
            </Text>
            {asCards ? (
              <Stack gap={2}>
                {entries.map((e) => (
                  <CallCard key={e.id} entry={e} isNew={unreadSet.has(e.id)} onReviewed={onReviewed} />
                ))}
              </Stack>
            ) : (
              <Table.Root size="sm" variant="outline" interactive>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>When</Table.ColumnHeader>
                    <Table.ColumnHeader>Caller</Table.ColumnHeader>
                    <Table.ColumnHeader>Outcome</Table.ColumnHeader>
                    <Table.ColumnHeader>Summary</Table.ColumnHeader>
                    <Table.ColumnHeader>Agent</Table.ColumnHeader>
                    <Table.ColumnHeader>Length</Table.ColumnHeader>
                    <Table.ColumnHeader />
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {entries.map((e) => (
                    <CallRow key={e.id} entry={e} isNew={unreadSet.has(e.id)} onReviewed={onReviewed} />
                  ))}
                </Table.Body>
              </Table.Root>
            )}
            <HStack justify="center" mt={3} gap={3} wrap="wrap">
              <Button size="sm" variant="outline" data-testid="calls-newer" disabled={filter.page <= 1} onClick={() => update({ page: filter.page - 1 })}>
                Newer
              </Button>
              <Text fontSize="sm" data-testid="calls-pager">
                Page {data.pagination.currentPage} of {Math.max(1, data.pagination.totalPages)} · {plural(data.pagination.totalCount, 'call')}
              </Text>
              <Button
                size="sm"
                variant="outline"
                data-testid="calls-older"
                disabled={!data.pagination.hasMore}
                onClick={() => update({ page: filter.page + 1, cursor: data.nextCursor })}
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
