import { Badge, Box, Button, HStack, Heading, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { ErrorNotice } from '../../../components/error-notice';
import { LoadingNotice } from '../../../components/loading-notice';
import { Page } from '../../../components/page';
import { RouterLink } from '../../../app/router/router-link';
import { reclassifyCall, reviewInteraction, useCallDetails } from '../api/calls.api';
import type { CallDetails } from '../api/calls.schema';
import { STATUS_COLORS } from './calls-page';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box borderWidth="1px" borderRadius="md" p={4} bg="white">
      <Heading size="sm" mb={2}>
        {title}
      </Heading>
      {children}
    </Box>
  );
}

function Review({ details, onSaved }: { details: CallDetails; onSaved: () => void }) {
  const [notes, setNotes] = useState(details.data.review_notes ?? '');
  const [saving, setSaving] = useState(false);
  useEffect(() => setNotes(details.data.review_notes ?? ''), [details.data.review_notes]);
  async function save(reviewedAt: string | null) {
    setSaving(true);
    try {
      await reviewInteraction(details.data.interaction_id, reviewedAt, notes);
      onSaved();
    } finally {
      setSaving(false);
    }
  }
  const reviewed = details.data.reviewed_at;
  return (
    <Section title="Review">
      <Text fontSize="sm" mb={2}>{reviewed ? `Reviewed ${new Date(reviewed).toLocaleString()}` : 'Not reviewed yet'}</Text>
      <Textarea value={notes} onChange={(e) => setNotes(e.target.value)} placeholder="Review notes" mb={2} aria-label="Review notes" />
      <HStack>
        <Button size="sm" loading={saving} onClick={() => void save(reviewed)}>
          Save notes
        </Button>
        <Button size="sm" variant="outline" loading={saving} onClick={() => void save(reviewed ? null : new Date().toISOString())}>
          {reviewed ? 'Mark unreviewed' : 'Mark reviewed'}
        </Button>
      </HStack>
    </Section>
  );
}

export function CallDetailsPage({ callId }: { callId: string }) {
  const { data, error, isLoading, mutate } = useCallDetails(callId);
  const [reclassifying, setReclassifying] = useState(false);

  async function reclassify(status: 'UNBOOKED' | 'EXCUSED') {
    setReclassifying(true);
    try {
      await reclassifyCall(callId, status);
      await mutate();
    } finally {
      setReclassifying(false);
    }
  }

  if (error) return <Page title="Call details"><ErrorNotice error={error} onRetry={() => void mutate()} /></Page>;
  if (isLoading || !data) return <Page title="Call details"><LoadingNotice label="Loading the call" /></Page>;
  const d = data.data;
  const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(undefined, { timeZone: data.timezone }) : '—');

  return (
    <Page title={d.customer_name ?? d.customer_number ?? 'Call details'} description={`Started ${when(d.started_at)} (${data.timezone})`}>
      <Stack gap={4}>
        <HStack wrap="wrap" gap={2}>
          <RouterLink to="/calls">← All calls</RouterLink>
          <Badge colorPalette={STATUS_COLORS[d.call_status] ?? 'gray'}>{d.call_status}</Badge>
          {d.tags.map((t) => (
            <Badge key={t} variant="outline" title={d.tag_reasons[t]}>
              {t}
            </Badge>
          ))}
          <HStack ml="auto">
            <Text fontSize="sm">Reclassify as</Text>
            {(['UNBOOKED', 'EXCUSED'] as const).map((s) => (
              <Button key={s} size="xs" variant="outline" disabled={d.call_status === s} loading={reclassifying} onClick={() => void reclassify(s)}>
                {s}
              </Button>
            ))}
          </HStack>
        </HStack>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap={4}>
          <Section title="Caller">
            <Text fontSize="sm">Name: {d.customer_name ?? '—'}</Text>
            <Text fontSize="sm">Number: {d.customer_number ?? '—'}</Text>
            <Text fontSize="sm">Address: {d.customer_address ?? '—'}</Text>
            <Text fontSize="sm">Agent: {d.agent_type ?? '—'} · ended: {d.ended_reason ?? '—'}</Text>
          </Section>
          <Review details={data} onSaved={() => void mutate()} />
        </SimpleGrid>
        {d.summary.map((section) => (
          <Section key={section.title} title={section.title}>
            {section.content.map((line, i) => (
              <Text key={i} fontSize="sm">
                {line}
              </Text>
            ))}
          </Section>
        ))}
        {data.call_analysis.call_summary ? (
          <Section title="Provider's call analysis">
            <Text fontSize="sm">{data.call_analysis.call_summary}</Text>
          </Section>
        ) : null}
        <Section title="Transcript">
          {data.transcript_object.length === 0 ? (
            <Text fontSize="sm" color="fg.muted">No transcript.</Text>
          ) : (
            <Stack gap={2}>
              {data.transcript_object.map((turn, i) => (
                <Box key={i}>
                  <Text fontSize="xs" color="fg.muted">
                    {data.transcript[i]?.timestamp ?? ''} {turn.role}
                  </Text>
                  <Text fontSize="sm" title={turn.words?.map((w) => `${w.word} ${w.start}–${w.end}s`).join('\n')}>
                    {turn.content}
                  </Text>
                </Box>
              ))}
            </Stack>
          )}
        </Section>
        <Section title="Events">
          <Stack gap={1}>
            {d.interaction_events.map((e, i) => (
              <Text key={i} fontSize="sm">
                {when(e.created_at)} · <b>{e.name}</b> {Object.keys(e.metadata).length ? JSON.stringify(e.metadata) : ''}
              </Text>
            ))}
          </Stack>
        </Section>
      </Stack>
    </Page>
  );
}
