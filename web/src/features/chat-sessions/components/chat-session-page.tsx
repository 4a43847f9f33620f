import { Badge, Box, Flex, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { formatInZone, tagLabel } from '@contracts/call-labels';
import { ErrorNotice } from '../../../components/error-notice';
import { LoadingNotice } from '../../../components/loading-notice';
import { Page } from '../../../components/page';
import { useOrgTime } from '../../organizations/use-org-time';
import { CallStatusBadge } from '../../calls/components/call-status-badge';
import { DetailsSection, InteractionReview, ReclassifyControls } from '../../calls/components/interaction-review';
import { useChatSession, type ChatSession } from '../api/chat-sessions.api';
import { bubbleSide, sessionCustomer, sessionState } from '../api/session-view';

/** The session's messages as bubbles: the visitor on the right, the agent on the left. */
function Transcript({ messages, timeZone }: { messages: ChatSession['messages']; timeZone: string }) {
  if (messages.length === 0)
    return (
      <Text fontSize="sm" color="fg.muted">
        No messages in this session.
      </Text>
    );
  return (
    <Stack gap="2" data-testid="session-transcript">
      {messages.map((m) => {
        const right = bubbleSide(m.role) === 'right';
        return (
          <Flex key={m.id} direction="column" align={right ? 'flex-end' : 'flex-start'} data-testid={`bubble-${m.role}`}>
            <Box
              maxW={{ base: '90%', md: '70%' }}
              bg={right ? 'blue.solid' : 'gray.subtle'}
              color={right ? 'white' : 'fg'}
              px="3"
              py="2"
              borderRadius="lg"
              fontSize="sm"
              whiteSpace="pre-wrap"
            >
              {m.content}
            </Box>
            <Text textStyle="2xs" color="fg.muted" mt="0.5">
              {right ? 'Visitor' : 'Agent'} · {formatInZone(m.created_at, timeZone, { withSeconds: true })}
            </Text>
          </Flex>
        );
      })}
    </Stack>
  );
}

export function ChatSessionPage({ sessionId }: { sessionId: string }) {
  const { data, error, isLoading, mutate } = useChatSession(sessionId);
  const { timeZone, caption } = useOrgTime();
  if (error)
    return (
      <Page title="Chat session">
        <ErrorNotice error={error} onRetry={() => void mutate()} />
      </Page>
    );
  if (isLoading || !data)
    return (
      <Page title="Chat session">
        <LoadingNotice label="Loading the chat session" />
      </Page>
    );
  const when = (iso: string | null) => formatInZone(iso, timeZone);
  const analysing = data.call_status === 'PROCESSING';
  return (
    <Page
      title={sessionCustomer(data)}
      description={`Agent chat · started ${when(data.created_at)}${data.ended_at ? ` · ended ${when(data.ended_at)}` : ' · still open'} · ${caption}`}
    >
      <Stack gap={4}>
        <HStack wrap="wrap" gap={2}>
          <RouterLink to="/chats">← All chats</RouterLink>
          <CallStatusBadge status={data.call_status} testId="session-status" />
          <Badge variant="subtle" data-testid="session-state">
            {sessionState(data)}
          </Badge>
          {data.tags.map((t) => (
            <Badge key={t} variant="outline" data-testid={`session-tag-${t}`}>
              {tagLabel(t)}
            </Badge>
          ))}
          <ReclassifyControls interactionId={data.interactionId} status={data.call_status} onDone={() => mutate()} />
        </HStack>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap={4}>
          <DetailsSection title="Summary" testId="session-summary">
            {data.summary.length === 0 ? (
              <Text fontSize="sm" color="fg.muted">
                {analysing ? 'The summary will appear here once the chat has ended and been analysed.' : 'No summary for this chat.'}
              </Text>
            ) : (
              <Stack gap="2">
                {data.summary.map((section) => (
                  <Box key={section.title}>
                    <Text fontSize="sm" fontWeight="semibold">
                      {section.title}
                    </Text>
                    {section.content.map((line, i) => (
                      <Text key={i} fontSize="sm">
                        {line}
                      </Text>
                    ))}
                  </Box>
                ))}
              </Stack>
            )}
            <Text fontSize="sm" mt="2" data-testid="session-classification">
              Classification: {data.call_type ?? (analysing ? 'being analysed' : '—')}
            </Text>
          </DetailsSection>
          <DetailsSection title="Customer" testId="session-customer">
            <Text fontSize="sm">Name: {data.customer_name ?? '—'}</Text>
            <Text fontSize="sm">Number: {data.customer_number ?? '—'}</Text>
            <Text fontSize="sm">Address: {data.customer_address ?? '—'}</Text>
            <Text fontSize="sm">CRM customer: {data.crm_customer_id ?? '—'}</Text>
          </DetailsSection>
        </SimpleGrid>
        <InteractionReview
          interactionId={data.interactionId}
          reviewedAt={data.reviewed_at}
          reviewNotes={data.review_notes}
          timezone={timeZone}
          onSaved={() => void mutate()}
        />
        <DetailsSection title="Transcript">
          <Transcript messages={data.messages} timeZone={timeZone} />
        </DetailsSection>
      </Stack>
    </Page>
  );
}
