import { Badge, Box, Flex, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { callStatusLabel, formatInZone, tagLabel } from '@contracts/call-labels';
import type { ChatStepDetail } from '@contracts/chat-widget.contract';
import { ErrorNotice } from '../../../components/error-notice';
import { LoadingNotice } from '../../../components/loading-notice';
import { Page } from '../../../components/page';
import { CallStatusBadge } from '../../calls/components/call-status-badge';
import { DetailsSection, InteractionReview, ReclassifyControls } from '../../calls/components/interaction-review';
import { useChatDetails, type WidgetDetails } from '../api/chats.api';
import { stageProgress } from '../api/chat-view';

/** 001 §4's stages, the ones the chat reached marked. */
function StageProgress({ stage }: { stage: WidgetDetails['stage'] }) {
  return (
    <HStack gap={{ base: '1', sm: '0' }} wrap="wrap" data-testid="chat-stages" aria-label="Booking stages">
      {stageProgress(stage).map((s, i) => (
        <HStack key={s.stage} gap="0">
          {/* The connectors only while the stages fit on one line. */}
          {i > 0 ? <Box display={{ base: 'none', sm: 'block' }} w="6" h="2px" bg={s.reached ? 'green.solid' : 'border'} /> : null}
          <Badge
            colorPalette={s.reached ? 'green' : 'gray'}
            variant={s.reached ? 'solid' : 'outline'}
            data-testid={`chat-stage-${s.stage}`}
            data-reached={s.reached}
          >
            {s.reached ? '✓ ' : ''}
            {s.label}
          </Badge>
        </HStack>
      ))}
    </HStack>
  );
}

const BUBBLE: Record<string, { align: 'flex-start' | 'flex-end' | 'center'; bg: string; color: string; who: string }> = {
  user: { align: 'flex-end', bg: 'blue.solid', color: 'white', who: 'Visitor' },
  bot: { align: 'flex-start', bg: 'gray.subtle', color: 'fg', who: 'Widget' },
  system: { align: 'center', bg: 'transparent', color: 'fg.muted', who: 'System' },
};

/** The chat steps and their messages as bubbles: the visitor on the right, the widget on the left. */
function Transcript({ steps, timezone }: { steps: ChatStepDetail[]; timezone: string }) {
  if (steps.length === 0)
    return (
      <Text fontSize="sm" color="fg.muted">
        No messages were recorded for this chat.
      </Text>
    );
  return (
    <Stack gap="3" data-testid="chat-transcript">
      {steps.map((step, i) => (
        <Stack key={i} gap="1" data-testid={`chat-step-${step.step}`}>
          <Text textStyle="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
            Step: {step.step}
          </Text>
          {step.messages.length === 0 && step.message ? <Bubble sender="bot" text={step.message} /> : null}
          {step.messages.map((m, j) => (
            <Bubble key={j} sender={m.sender} text={m.text} time={formatInZone(m.timestamp, timezone, { withSeconds: true })} />
          ))}
          {step.result && !step.messages.some((m) => m.sender === 'user') ? <Bubble sender="user" text={step.result} /> : null}
        </Stack>
      ))}
    </Stack>
  );
}

function Bubble({ sender, text, time }: { sender: string; text: string; time?: string }) {
  const look = BUBBLE[sender] ?? BUBBLE.system;
  return (
    <Flex direction="column" align={look.align} data-testid={`bubble-${sender}`}>
      <Box
        maxW={{ base: '90%', md: '70%' }}
        bg={look.bg}
        color={look.color}
        px="3"
        py="2"
        borderRadius="lg"
        fontSize="sm"
        fontStyle={sender === 'system' ? 'italic' : undefined}
      >
        {text}
      </Box>
      <Text textStyle="2xs" color="fg.muted" mt="0.5">
        {look.who}
        {time ? ` · ${time}` : ''}
      </Text>
    </Flex>
  );
}

/** The post-call pipeline's verdict on the chat: summary, why it has its status, and each tag's reason. */
function Outcome({ chat }: { chat: WidgetDetails }) {
  const analysing = chat.call_status === 'PROCESSING';
  return (
    <DetailsSection title="Outcome" testId="chat-outcome">
      <Stack gap="3">
        {chat.summary.length === 0 ? (
          <Text fontSize="sm" color="fg.muted">
            {analysing ? 'The summary will appear here once the chat has ended and been analysed.' : 'No summary for this chat.'}
          </Text>
        ) : (
          chat.summary.map((section) => (
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
          ))
        )}
        {chat.call_type || chat.tags.length > 0 ? (
          <Box data-testid="chat-classification">
            <Text fontSize="sm" fontWeight="semibold">
              Why {callStatusLabel(chat.call_status).toLowerCase()}
            </Text>
            {chat.call_type ? (
              <Text fontSize="sm" data-testid="chat-type-reason">
                {chat.call_type_reason ?? 'No reason was recorded.'}
              </Text>
            ) : null}
            {chat.tags.map((t) => (
              <Text key={t} fontSize="sm" data-testid={`chat-tag-reason-${t}`}>
                <b>{tagLabel(t)}</b>: {chat.tag_reasons[t] || 'no reason was recorded.'}
              </Text>
            ))}
          </Box>
        ) : null}
      </Stack>
    </DetailsSection>
  );
}

export function ChatDetailsPage({ chatId }: { chatId: string }) {
  const { data, error, isLoading, mutate } = useChatDetails(chatId);
  if (error)
    return (
      <Page title="Chat details">
        <ErrorNotice error={error} onRetry={() => void mutate()} />
      </Page>
    );
  if (isLoading || !data)
    return (
      <Page title="Chat details">
        <LoadingNotice label="Loading the chat" />
      </Page>
    );
  const timezone = data.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const when = (iso: string | null) => formatInZone(iso, timezone);
  const booking = data.booking;
  return (
    <Page
      title={data.customer_name ?? data.customer_number ?? 'Website chat'}
      description={`Website chat · started ${when(data.created_at)}${data.ended_at ? ` · ended ${when(data.ended_at)}` : ' · still open'} · ${data.device_type === 'MOBILE' ? 'mobile' : 'desktop'} · times in ${timezone.replace(/_/g, ' ')}`}
    >
      <Stack gap={4}>
        <HStack wrap="wrap" gap={2}>
          <RouterLink to="/chats">← All chats</RouterLink>
          <CallStatusBadge status={data.call_status} testId="chat-status" />
          {data.tags.map((t) => (
            <Badge key={t} variant="outline" title={data.tag_reasons[t]}>
              {tagLabel(t)}
            </Badge>
          ))}
          <ReclassifyControls interactionId={data.interaction_id} status={data.call_status} onDone={() => mutate()} />
        </HStack>
        <DetailsSection title="Booking progress">
          <StageProgress stage={data.stage} />
        </DetailsSection>
        <Outcome chat={data} />
        <SimpleGrid columns={{ base: 1, md: 2 }} gap={4}>
          <DetailsSection title="Customer" testId="chat-customer">
            <Text fontSize="sm">Name: {data.customer_name ?? '—'}</Text>
            <Text fontSize="sm">Number: {data.customer_number ?? '—'}</Text>
            <Text fontSize="sm">Address: {data.customer_address ?? '—'}</Text>
            <Text fontSize="sm">CRM customer: {data.crm_customer_id ?? '—'}</Text>
          </DetailsSection>
          <DetailsSection title="Booking" testId="chat-booking">
            {booking ? (
              <>
                <Text fontSize="sm">
                  Status:{' '}
                  {booking.status === 'COMPLETED' ? 'taken by the CRM' : booking.status === 'DROPPED' ? 'refused by the CRM' : (booking.status ?? 'sent')}
                </Text>
                <Text fontSize="sm">Appointment: {when(data.appointment_time ?? booking.start_time)}</Text>
                <Text fontSize="sm">CRM booking: {booking.crm_booking_id ?? '—'}</Text>
              </>
            ) : (
              <Text fontSize="sm" color="fg.muted">
                No booking was sent from this chat.
              </Text>
            )}
          </DetailsSection>
        </SimpleGrid>
        <InteractionReview
          interactionId={data.interaction_id}
          reviewedAt={data.reviewed_at}
          reviewNotes={data.review_notes}
          timezone={timezone}
          onSaved={() => void mutate()}
        />
        <DetailsSection title="Transcript">
          <Transcript steps={data.chat_details} timezone={timezone} />
        </DetailsSection>
      </Stack>
    </Page>
  );
}
