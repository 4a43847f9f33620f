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
import { useChatLogs } from '../api/chats.api';
import { chatBooking, chatCustomer, chatLogsCsv, STAGE_LABELS } from '../api/chat-view';

const PAGE_SIZE = 50;

function downloadCsv(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([`\uFEFF${text}`], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The website widget's chats of a date range, newest first, a page at a time (POST /chat/logs). */
export function WebsiteChatsPanel() {
  const { orgId } = useSelectedOrg();
  const { timeZone, format, caption } = useOrgTime();
  const navigate = useNavigate();
  // The list routes read a date as a day in the organization's zone: today is the organization's today.
  const today = todayIn(timeZone);
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const [page, setPage] = useState(1);
  const { from, to } = range ?? { from: addDays(today, -29), to: today };
  const { data, error, isLoading, mutate } = useChatLogs(orgId ? { orgId, from, to, page, pageSize: PAGE_SIZE } : null);

  if (orgId === null)
    return <EmptyNotice title="No organization yet" description="Your account is not linked to an organization. Ask your administrator to add you." />;

  const pick = (next: { from: string; to: string }) => {
    setRange(next);
    setPage(1);
  };
  const entries = data ?? [];

  return (
    <Stack gap="4" pt="2">
      <Flex gap="3" wrap="wrap" align="flex-end">
        <Field.Root w="auto">
          <Field.Label textStyle="xs">From</Field.Label>
          <Input size="sm" type="date" value={from} max={to} onChange={(e) => e.target.value && pick({ from: e.target.value, to })} data-testid="chats-from" />
        </Field.Root>
        <Field.Root w="auto">
          <Field.Label textStyle="xs">To</Field.Label>
          <Input size="sm" type="date" value={to} min={from} onChange={(e) => e.target.value && pick({ from, to: e.target.value })} data-testid="chats-to" />
        </Field.Root>
        <Button
          size="sm"
          variant="outline"
          ml={{ md: 'auto' }}
          disabled={entries.length === 0}
          onClick={() => downloadCsv(`chats-${from}-to-${to}-page-${page}.csv`, chatLogsCsv(entries, timeZone))}
          data-testid="chats-export"
        >
          Export this page (CSV)
        </Button>
      </Flex>
      {error ? (
        <ErrorNotice error={error} title="Could not load the chats" onRetry={() => void mutate()} />
      ) : isLoading && !data ? (
        <LoadingNotice label="Loading chats…" />
      ) : entries.length === 0 && page === 1 ? (
        <EmptyNotice
          symbol="✉"
          title="No website chats in these dates"
          description="When a visitor gives their phone number in your website widget, the chat appears here with how far they got and the booking they made."
        />
      ) : (
        <>
          <Box overflowX="auto" borderWidth="1px" borderRadius="md" bg="white">
            <Table.Root size="sm" interactive data-testid="chats-table">
              <Table.Caption captionSide="bottom" textAlign="start" color="fg.muted" px="3" pb="2">
                {caption}
              </Table.Caption>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Started</Table.ColumnHeader>
                  <Table.ColumnHeader>Customer</Table.ColumnHeader>
                  <Table.ColumnHeader>Stage</Table.ColumnHeader>
                  <Table.ColumnHeader>Status</Table.ColumnHeader>
                  <Table.ColumnHeader>Tags</Table.ColumnHeader>
                  <Table.ColumnHeader>Booking</Table.ColumnHeader>
                  <Table.ColumnHeader>Device</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {entries.map((e) => (
                  <Table.Row
                    key={e.id}
                    cursor="pointer"
                    tabIndex={0}
                    onClick={() => void navigate(`/chats/${e.id}`)}
                    onKeyDown={(k) => k.key === 'Enter' && void navigate(`/chats/${e.id}`)}
                    data-testid={`chat-row-${e.id}`}
                  >
                    <Table.Cell whiteSpace="nowrap">{format(e.created_at)}</Table.Cell>
                    <Table.Cell>
                      <Text fontWeight="medium">{chatCustomer(e)}</Text>
                      {e.interactions.customer_name && e.interactions.customer_number ? (
                        <Text textStyle="xs" color="fg.muted">
                          {e.interactions.customer_number}
                        </Text>
                      ) : null}
                    </Table.Cell>
                    <Table.Cell>{STAGE_LABELS[e.stage]}</Table.Cell>
                    <Table.Cell>
                      <HStack gap="1">
                        <CallStatusBadge status={e.status} testId="chat-row-status" />
                        {e.interactions.reviewed_at ? (
                          <Badge variant="outline" colorPalette="green">
                            Reviewed
                          </Badge>
                        ) : null}
                      </HStack>
                    </Table.Cell>
                    <Table.Cell>
                      <HStack gap="1" wrap="wrap">
                        {e.tags.map((t) => (
                          <Badge key={t} variant="outline">
                            {tagLabel(t)}
                          </Badge>
                        ))}
                      </HStack>
                    </Table.Cell>
                    <Table.Cell>{chatBooking(e)}</Table.Cell>
                    <Table.Cell>{e.device_type === 'MOBILE' ? 'Mobile' : 'Desktop'}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
          <HStack justify="space-between">
            <Text textStyle="sm" color="fg.muted" data-testid="chats-page-label">
              Page {page}
              {entries.length === 0 ? ': no more chats' : ''}
            </Text>
            <HStack>
              <Button size="sm" variant="outline" disabled={page === 1} onClick={() => setPage(page - 1)}>
                Newer
              </Button>
              <Button size="sm" variant="outline" disabled={entries.length < PAGE_SIZE} onClick={() => setPage(page + 1)} data-testid="chats-next">
                Older
              </Button>
            </HStack>
          </HStack>
        </>
      )}
    </Stack>
  );
}
