import { Badge, Box, Button, Field, Flex, HStack, Input, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { tagLabel } from '@contracts/call-labels';
import { EmptyNotice } from '../../../components/empty-notice';
import { ErrorNotice } from '../../../components/error-notice';
import { LoadingNotice } from '../../../components/loading-notice';
import { useSelectedOrg } from '../../organizations/selected-org';
import { useOrgTime } from '../../organizations/use-org-time';
import { addDays, todayIn } from '../../../lib/days';
import { CallStatusBadge } from '../../calls/components/call-status-badge';
import { useChatSessionLogs } from '../api/chat-sessions.api';
import { sessionCustomer, sessionGist, sessionState } from '../api/session-view';

const PAGE_SIZE = 50;

/** The organization's LLM chat sessions of a date range, newest first, a page at a time (POST /chat-sessions/logs). */
export function ChatSessionsPanel() {
  const { orgId } = useSelectedOrg();
  const { timeZone, format, caption } = useOrgTime();
  const navigate = useNavigate();
  // The list routes read a date as a day in the organization's zone: today is the organization's today.
  const today = todayIn(timeZone);
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const [page, setPage] = useState(1);
  const { from, to } = range ?? { from: addDays(today, -29), to: today };
  const { data, error, isLoading, mutate } = useChatSessionLogs(orgId ? { orgId, from, to, page, pageSize: PAGE_SIZE } : null);

  if (orgId === null)
    return <EmptyNotice title="No organization yet" description="Your account is not linked to an organization. Ask your administrator to add you." />;

  const pick = (next: { from: string; to: string }) => {
    setRange(next);
    setPage(1);
  };
  const sessions = data ?? [];
  const open = (id: string) => void navigate(`/chat-sessions/${encodeURIComponent(id)}`);

  return (
    <Stack gap="4" pt="2">
      <Flex gap="3" wrap="wrap" align="flex-end">
        <Field.Root w="auto">
          <Field.Label textStyle="xs">From</Field.Label>
          <Input
            size="sm"
            type="date"
            value={from}
            max={to}
            onChange={(e) => e.target.value && pick({ from: e.target.value, to })}
            data-testid="sessions-from"
          />
        </Field.Root>
        <Field.Root w="auto">
          <Field.Label textStyle="xs">To</Field.Label>
          <Input size="sm" type="date" value={to} min={from} onChange={(e) => e.target.value && pick({ from, to: e.target.value })} data-testid="sessions-to" />
        </Field.Root>
      </Flex>
      {error ? (
        <ErrorNotice error={error} title="Could not load the agent chats" onRetry={() => void mutate()} />
      ) : isLoading && !data ? (
        <LoadingNotice label="Loading agent chats…" />
      ) : sessions.length === 0 && page === 1 ? (
        <EmptyNotice
          symbol="✉"
          title="No agent chats in these dates"
          description="When a visitor chats with your AI chat agent, the conversation appears here with its summary and classification."
        />
      ) : (
        <>
          <Box overflowX="auto" borderWidth="1px" borderRadius="md" bg="white">
            <Table.Root size="sm" interactive data-testid="sessions-table">
              <Table.Caption captionSide="bottom" textAlign="start" color="fg.muted" px="3" pb="2">
                {caption}
              </Table.Caption>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Started</Table.ColumnHeader>
                  <Table.ColumnHeader>Customer</Table.ColumnHeader>
                  <Table.ColumnHeader>Status</Table.ColumnHeader>
                  <Table.ColumnHeader>Tags</Table.ColumnHeader>
                  <Table.ColumnHeader>Messages</Table.ColumnHeader>
                  <Table.ColumnHeader>Summary</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {sessions.map((s) => (
                  <Table.Row
                    key={s.id}
                    cursor="pointer"
                    tabIndex={0}
                    onClick={() => open(s.id)}
                    onKeyDown={(k) => k.key === 'Enter' && open(s.id)}
                    data-testid={`session-row-${s.id}`}
                  >
                    <Table.Cell whiteSpace="nowrap">{format(s.created_at)}</Table.Cell>
                    <Table.Cell>
                      <Text fontWeight="medium">{sessionCustomer(s)}</Text>
                      {s.customer_name && s.customer_number ? (
                        <Text textStyle="xs" color="fg.muted">
                          {s.customer_number}
                        </Text>
                      ) : null}
                    </Table.Cell>
                    <Table.Cell>
                      <HStack gap="1" wrap="wrap">
                        <CallStatusBadge status={s.call_status} testId="session-row-status" />
                        {s.status === 'live' ? (
                          <Badge variant="subtle" colorPalette="blue">
                            {sessionState(s)}
                          </Badge>
                        ) : null}
                        {s.reviewed_at ? (
                          <Badge variant="outline" colorPalette="green" data-testid="session-row-reviewed">
                            Reviewed
                          </Badge>
                        ) : null}
                      </HStack>
                    </Table.Cell>
                    <Table.Cell>
                      <HStack gap="1" wrap="wrap">
                        {s.tags.map((t) => (
                          <Badge key={t} variant="outline">
                            {tagLabel(t)}
                          </Badge>
                        ))}
                      </HStack>
                    </Table.Cell>
                    <Table.Cell>{s.message_count}</Table.Cell>
                    <Table.Cell maxW="sm">
                      <Text textStyle="sm" color={sessionGist(s) ? undefined : 'fg.muted'}>
                        {sessionGist(s) ?? (s.call_status === 'PROCESSING' ? 'Being analysed…' : '—')}
                      </Text>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
          <HStack justify="space-between">
            <Text textStyle="sm" color="fg.muted" data-testid="sessions-page-label">
              Page {page}
              {sessions.length === 0 ? ': no more agent chats' : ''}
            </Text>
            <HStack>
              <Button size="sm" variant="outline" disabled={page === 1} onClick={() => setPage(page - 1)}>
                Newer
              </Button>
              <Button size="sm" variant="outline" disabled={sessions.length < PAGE_SIZE} onClick={() => setPage(page + 1)} data-testid="sessions-next">
                Older
              </Button>
            </HStack>
          </HStack>
        </>
      )}
    </Stack>
  );
}
