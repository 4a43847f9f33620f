import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { EmptyNotice } from '../../../components/empty-notice';
import { ErrorNotice } from '../../../components/error-notice';
import { LoadingNotice } from '../../../components/loading-notice';
import { Page } from '../../../components/page';
import { useSelectedOrg } from '../../organizations/selected-org';
import { OUTBOX_PAGE_SIZE, useOutbox } from '../api/outbox.api';
import { CHANNEL_LABELS, type OutboxMessage } from '../api/outbox.schema';
import { OrgTime } from '../../organizations/components/org-time';

// The SMS providers' latest report (002 §4 stored sms_status).
const DELIVERY_COLOR: Record<string, string> = { QUEUED: 'gray', DELIVERED: 'green', FAILED: 'red' };

function MessageCard({ message }: { message: OutboxMessage }) {
  return (
    <Box borderWidth="1px" borderRadius="md" p={4} bg="white" data-testid={`outbox-message-${message.id}`}>
      <HStack justify="space-between" mb={2} wrap="wrap">
        <HStack>
          <Badge>{CHANNEL_LABELS[message.channel]}</Badge>
          <Text fontWeight="semibold">{message.subject ?? message.to}</Text>
        </HStack>
        <HStack>
          <Badge colorPalette={message.status === 'no_answer' || message.status === 'bounced' || message.status === 'complained' ? 'red' : 'green'}>
            {message.status}
          </Badge>
          {message.delivery_status ? (
            <Badge
              colorPalette={DELIVERY_COLOR[message.delivery_status] ?? 'gray'}
              title={message.delivery_error ?? undefined}
              data-testid={`outbox-delivery-${message.id}`}
            >
              {message.delivery_status.toLowerCase()}
              {message.delivery_error ? `: ${message.delivery_error}` : ''}
            </Badge>
          ) : null}
          <Text fontSize="sm" color="fg.muted">
            <OrgTime iso={message.created_at} />
          </Text>
        </HStack>
      </HStack>
      <Text fontSize="sm" color="fg.muted" mb={2}>
        To {message.to}
        {message.template ? ` · template ${message.template}` : ''}
      </Text>
      {message.html ? (
        // Rendered mail is untrusted content: no scripts, no same-origin access.
        <Box borderWidth="1px" borderRadius="sm" overflow="hidden">
          <iframe title={`Message to ${message.to}`} sandbox="" srcDoc={message.html} style={{ width: '100%', height: 420, border: 0 }} />
        </Box>
      ) : null}
      <Box as="pre" whiteSpace="pre-wrap" fontSize="sm" mt={2} p={2} bg="gray.50" borderRadius="sm">
        {message.text}
      </Box>
    </Box>
  );
}

export function OutboxPage() {
  const { orgId } = useSelectedOrg();
  const [page, setPage] = useState(1);
  const { data, error, isLoading, mutate } = useOutbox(orgId, page);
  const pages = data ? Math.max(1, Math.ceil(data.total / OUTBOX_PAGE_SIZE)) : 1;

  return (
    <Page title="Outbox" description="Every notification sent for your organization: e-mails, text messages, team-chat posts and emergency calls.">
      {error ? (
        <ErrorNotice error={error} onRetry={() => void mutate()} />
      ) : isLoading || !data ? (
        <LoadingNotice label="Loading the outbox" />
      ) : data.messages.length === 0 ? (
        <EmptyNotice
          symbol="➤"
          title="Nothing sent yet"
          description="E-mails and text messages sent to your office about each call and chat will appear here."
        />
      ) : (
        <Stack gap={4}>
          {data.messages.map((m) => (
            <MessageCard key={m.id} message={m} />
          ))}
          <HStack justify="center">
            <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Newer
            </Button>
            <Text fontSize="sm">
              Page {page} of {pages}
            </Text>
            <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              Older
            </Button>
          </HStack>
        </Stack>
      )}
    </Page>
  );
}
