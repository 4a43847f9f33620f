import { Badge, Box, Button, HStack, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { ErrorNotice } from '../../../components/error-notice';
import { LoadingNotice } from '../../../components/loading-notice';
import { Page } from '../../../components/page';
import { Link as RouterLink } from 'react-router';
import { evaluateCall, recordingUrl, useCallDetails } from '../api/calls.api';
import { cannotEvaluate, evaluationStatusOf, failedFlagsOf, waitForEvaluation } from '../api/call-evaluation';
import { CRM_LABELS, formatOffset, turnStart, type CallDetails } from '../api/calls.schema';
import { CallStatusBadge } from './call-status-badge';
import { agentTypeLabel, callStatusLabel, formatDuration, formatInZone, tagLabel } from '@contracts/call-labels';
import { describeInteractionEvent } from '../api/call-event-words';
import { flagLabel } from '../api/call-evaluation';
import { useLiveCalls } from '../live/live-calls';
import { OFFLINE_ENGINE, OfflineEngineBadge } from '../../../components/offline-engine-badge';
import { AssistantPanel } from './assistant-panel';
import { DetailsSection, InteractionReview, ReclassifyControls } from './interaction-review';

const Section = DetailsSection;

/** Spec 001 §2.4: the recording, streamed from the product's endpoint; calls without one say so. */
function Recording({ interactionId, available, audioRef }: { interactionId: string; available: boolean; audioRef: React.RefObject<HTMLAudioElement | null> }) {
  const [failed, setFailed] = useState(false);
  return (
    <Section title="Recording">
      {!available ? (
        <Text fontSize="sm" color="fg.muted" data-testid="recording-empty">
          No recording for this call. Web calls and calls whose provider kept no audio have none.
        </Text>
      ) : failed ? (
        <Text fontSize="sm" color="fg.error" data-testid="recording-error">
          The recording could not be loaded. It may have expired at the voice provider.
        </Text>
      ) : (
        <audio
          ref={audioRef}
          controls
          preload="metadata"
          src={recordingUrl(interactionId)}
          onError={() => setFailed(true)}
          data-testid="recording-player"
          style={{ width: '100%' }}
        />
      )}
    </Section>
  );
}

function Transcript({ details, audioRef, canSeek }: { details: CallDetails; audioRef: React.RefObject<HTMLAudioElement | null>; canSeek: boolean }) {
  const [showWords, setShowWords] = useState(false);
  const [position, setPosition] = useState<number | null>(null);
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    const onTime = () => setPosition(audio.currentTime);
    audio.addEventListener('timeupdate', onTime);
    return () => audio.removeEventListener('timeupdate', onTime);
  }, [audioRef, canSeek]);
  function seek(seconds: number) {
    const audio = audioRef.current;
    if (!audio) return;
    audio.currentTime = seconds;
    void audio.play().catch(() => undefined);
  }
  const turns = details.transcript_object;
  const starts = turns.map((turn, i) => turnStart(turn, details.transcript[i]));
  const current = position === null ? -1 : starts.reduce<number>((found, start, i) => (start !== null && start <= position ? i : found), -1);
  const hasWords = turns.some((t) => (t.words?.length ?? 0) > 0);
  return (
    <Section title="Transcript">
      {turns.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          No transcript.
        </Text>
      ) : (
        <Stack gap={2}>
          {hasWords ? (
            <Button size="xs" variant="ghost" alignSelf="flex-start" data-testid="transcript-word-toggle" onClick={() => setShowWords(!showWords)}>
              {showWords ? 'Hide word timings' : 'Show word timings'}
            </Button>
          ) : null}
          {turns.map((turn, i) => {
            const start = starts[i];
            return (
              <Box key={i} data-testid={`transcript-turn-${i}`} borderLeftWidth="3px" borderColor={i === current ? 'blue.500' : 'transparent'} pl={2}>
                <HStack gap={2}>
                  {start !== null ? (
                    <Button
                      size="2xs"
                      variant="outline"
                      fontFamily="mono"
                      data-testid={`transcript-seek-${i}`}
                      disabled={!canSeek}
                      title={canSeek ? `Play from ${formatOffset(start)}` : 'No recording to play'}
                      onClick={() => seek(start)}
                    >
                      {formatOffset(start)}
                    </Button>
                  ) : null}
                  <Text fontSize="xs" color="fg.muted">
                    {turn.role}
                  </Text>
                </HStack>
                <Text fontSize="sm" title={turn.words?.map((w) => `${w.word} ${w.start}–${w.end}s`).join('\n')}>
                  {turn.content}
                </Text>
                {showWords && turn.words?.length ? (
                  <HStack gap={1} wrap="wrap" mt={1} data-testid={`transcript-words-${i}`}>
                    {turn.words.map((w, j) => (
                      <Button key={j} size="2xs" variant="subtle" disabled={!canSeek} onClick={() => seek(w.start)} title={`${w.start}–${w.end}s`}>
                        {w.word}{' '}
                        <Text as="span" color="fg.muted" fontFamily="mono">
                          {w.start.toFixed(1)}s
                        </Text>
                      </Button>
                    ))}
                  </HStack>
                ) : null}
              </Box>
            );
          })}
        </Stack>
      )}
    </Section>
  );
}

/** The scorer's flags recorded by the post-call pipeline (CallScored): the ones raised, each with its reasoning. */
function scorerFlagsOf(scoreParams: Record<string, unknown> | null): { flag: string; reasoning: string }[] {
  if (!scoreParams) return [];
  return Object.entries(scoreParams).flatMap(([flag, v]) => {
    const value = v as { value?: unknown; reasoning?: unknown } | null;
    return value && typeof value === 'object' && value.value === true ? [{ flag, reasoning: typeof value.reasoning === 'string' ? value.reasoning : '' }] : [];
  });
}

/**
 * The outcome first (issue 13): what the call was about, why it has its status and tags, and what the scorer
 * flagged, before the details.
 */
function Outcome({ details }: { details: CallDetails }) {
  const d = details.data;
  const flags = scorerFlagsOf(d.score_params);
  const standout = typeof d.score_params?.standout_summary === 'string' ? d.score_params.standout_summary : null;
  const summary =
    d.summary.length > 0 ? d.summary : details.call_analysis.call_summary ? [{ title: 'Summary', content: [details.call_analysis.call_summary] }] : [];
  return (
    <Section title="Outcome">
      <Stack gap={3} data-testid="call-outcome">
        {summary.length === 0 ? (
          <Text fontSize="sm" color="fg.muted">
            {d.call_status === 'STARTED' || d.call_status === 'PROCESSING'
              ? 'The summary will appear here once the call has been analysed.'
              : 'No summary for this call.'}
          </Text>
        ) : (
          summary.map((section) => (
            <Box key={section.title} data-testid={`summary-${section.title}`}>
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
        {d.call_type || d.tags.length > 0 ? (
          <Box data-testid="call-classification">
            <Text fontSize="sm" fontWeight="semibold">
              Why {callStatusLabel(d.call_status).toLowerCase()}
            </Text>
            {d.call_type ? (
              <Text fontSize="sm" data-testid="call-type-reason">
                {d.call_type_reason ?? 'No reason was recorded.'}
              </Text>
            ) : null}
            {d.tags.map((t) => (
              <Text key={t} fontSize="sm" data-testid={`tag-reason-${t}`}>
                <b>{tagLabel(t)}</b>: {d.tag_reasons[t] || 'no reason was recorded.'}
              </Text>
            ))}
          </Box>
        ) : null}
        {flags.length > 0 || standout ? (
          <Box data-testid="scorer-flags">
            <Text fontSize="sm" fontWeight="semibold">
              The scorer flagged
            </Text>
            {flags.length === 0 ? (
              <Text fontSize="sm">Nothing.</Text>
            ) : (
              flags.map((f) => (
                <Text key={f.flag} fontSize="sm">
                  <Badge colorPalette="red" variant="subtle" mr={1}>
                    {flagLabel(f.flag)}
                  </Badge>
                  {f.reasoning}
                </Text>
              ))
            )}
            {standout ? (
              <Text fontSize="sm" color="fg.muted">
                {standout}
              </Text>
            ) : null}
          </Box>
        ) : null}
      </Stack>
    </Section>
  );
}

function Jobs({ details }: { details: CallDetails }) {
  const crm = CRM_LABELS[details.crm_name] ?? 'the CRM';
  const { jobs, job_types: jobTypes } = details.data;
  return (
    <Section title="Jobs">
      {jobs.length === 0 ? (
        <Text fontSize="sm" color="fg.muted" data-testid="jobs-empty">
          No job was booked, moved or canceled on this call.
        </Text>
      ) : (
        <Stack gap={1}>
          {jobs.map((j) => (
            <HStack key={j.crm_job_id} gap={2} data-testid={`job-${j.crm_job_id}`}>
              <Text fontSize="sm">
                {j.bookingId && !j.jobId ? 'Booking' : 'Job'} {j.jobNumber ?? j.crm_job_id}
              </Text>
              <Badge variant="outline">{j.jobStatus}</Badge>
              {j.link === '#' ? null : (
                <Link href={j.link} target="_blank" rel="noreferrer" fontSize="sm" colorPalette="blue" data-testid="job-crm-link">
                  Open in {crm} ↗
                </Link>
              )}
            </HStack>
          ))}
        </Stack>
      )}
      {jobTypes.length > 0 ? (
        <Text fontSize="xs" color="fg.muted" mt={2}>
          Job types this agent books: {jobTypes.map((t) => t.name).join(', ')}
        </Text>
      ) : null}
    </Section>
  );
}

/** The call scorer's latest verdict on the call (POST /llm/evaluation), or a button to ask for one. */
function Evaluation({
  details,
  when,
  refresh,
}: {
  details: CallDetails;
  when: (iso: string | null) => string;
  refresh: () => Promise<CallDetails | undefined>;
}) {
  const [evaluating, setEvaluating] = useState(false);
  const [notice, setNotice] = useState<{ error: boolean; text: string } | null>(null);
  const evaluation = details.evaluation;
  const blocked = cannotEvaluate(details);

  async function evaluate() {
    setEvaluating(true);
    setNotice(null);
    try {
      const { evaluationId } = await evaluateCall({ interactionId: details.data.id, orgId: details.data.org_id, agentType: details.data.agent_type ?? '' });
      if (!(await waitForEvaluation(evaluationId, refresh)))
        setNotice({ error: false, text: 'The call was evaluated; the result will show here in a moment.' });
    } catch (err) {
      setNotice({ error: true, text: err instanceof Error ? err.message : 'The call could not be evaluated.' });
    } finally {
      setEvaluating(false);
    }
  }

  const button = (
    <Button
      size="sm"
      variant={evaluation ? 'outline' : 'solid'}
      loading={evaluating}
      disabled={blocked !== null}
      title={blocked ?? undefined}
      onClick={() => void evaluate()}
      data-testid="evaluate-call"
    >
      {evaluation ? 'Evaluate again' : 'Evaluate'}
    </Button>
  );
  const status = evaluation ? evaluationStatusOf(evaluation.status) : null;
  return (
    <Section title="Evaluation">
      {evaluation && status ? (
        <Stack gap={2} data-testid="evaluation">
          <HStack gap={2}>
            <Badge colorPalette={status.colorPalette} variant={status.variant} data-testid="evaluation-status">
              {status.label}
            </Badge>
            <Text fontSize="xs" color="fg.muted">
              Evaluated {when(evaluation.evaluatedAt)}
            </Text>
          </HStack>
          {evaluation.standoutSummary ? <Text fontSize="sm">{evaluation.standoutSummary}</Text> : null}
          {evaluation.failedFlags.length > 0 ? (
            <Stack gap={1} data-testid="evaluation-failed-flags">
              <Text fontSize="sm" fontWeight="semibold">
                Failed on
              </Text>
              {failedFlagsOf(evaluation).map((f) => (
                <Text key={f.flag} fontSize="sm">
                  <b>{f.label}</b>
                  {f.reasoning ? ` · ${f.reasoning}` : ''}
                </Text>
              ))}
            </Stack>
          ) : null}
          <Box>{button}</Box>
        </Stack>
      ) : (
        <HStack gap={3} data-testid="evaluation-empty">
          <Text fontSize="sm" color="fg.muted">
            Not evaluated yet
          </Text>
          {button}
        </HStack>
      )}
      {blocked && !evaluation ? (
        <Text fontSize="xs" color="fg.muted" mt={2}>
          {blocked}
        </Text>
      ) : null}
      {notice ? (
        <Text fontSize="sm" mt={2} color={notice.error ? 'fg.error' : 'fg.muted'} data-testid="evaluation-notice">
          {notice.text}
        </Text>
      ) : null}
    </Section>
  );
}

export function CallDetailsPage({ interactionId }: { interactionId: string }) {
  const { data, error, isLoading, mutate } = useCallDetails(interactionId);
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const { markSeen } = useLiveCalls();
  // Opening a call is seeing it: it is no longer new in the navigation's count.
  useEffect(() => markSeen(interactionId), [interactionId, markSeen]);

  if (error)
    return (
      <Page title="Call details">
        <ErrorNotice error={error} onRetry={() => void mutate()} />
      </Page>
    );
  if (isLoading || !data)
    return (
      <Page title="Call details">
        <LoadingNotice label="Loading the call" />
      </Page>
    );
  const d = data.data;
  const when = (iso: string | null) => formatInZone(iso, data.timezone);
  const length = d.started_at && d.ended_at ? (Date.parse(d.ended_at) - Date.parse(d.started_at)) / 1000 : null;

  return (
    <Page
      title={d.customer_name ?? d.customer_number ?? 'Call details'}
      description={`${agentTypeLabel(d.agent_type)} · started ${when(d.started_at)}${length !== null ? ` · ${formatDuration(length)}` : ''} · times in ${data.timezone.replace(/_/g, ' ')}`}
    >
      <Stack gap={4}>
        <HStack wrap="wrap" gap={2}>
          <RouterLink to="/calls">← All calls</RouterLink>
          <CallStatusBadge status={d.call_status} testId="call-status" />
          {d.analysed_by === OFFLINE_ENGINE ? <OfflineEngineBadge /> : null}
          {d.tags.map((t) => (
            <Badge key={t} variant="outline" title={d.tag_reasons[t]}>
              {tagLabel(t)}
            </Badge>
          ))}
          <ReclassifyControls interactionId={interactionId} status={d.call_status} onDone={() => mutate()} />
        </HStack>
        <Outcome details={data} />
        <AssistantPanel key={d.id} callId={d.id} orgId={d.org_id} timezone={data.timezone} />
        <Evaluation details={data} when={when} refresh={() => mutate()} />
        <SimpleGrid columns={{ base: 1, md: 2 }} gap={4}>
          <Section title="Caller">
            <Text fontSize="sm">Name: {d.customer_name ?? '—'}</Text>
            <Text fontSize="sm">Number: {d.customer_number ?? '—'}</Text>
            <Text fontSize="sm">Address: {d.customer_address ?? '—'}</Text>
            <Text fontSize="sm">
              CRM customer: {d.crm_customer_id ?? '—'}
              {d.crm_customer_link ? (
                <>
                  {' · '}
                  <Link href={d.crm_customer_link} target="_blank" rel="noreferrer" colorPalette="blue" data-testid="customer-crm-link">
                    Customer profile in {CRM_LABELS[data.crm_name] ?? 'the CRM'} ↗
                  </Link>
                </>
              ) : null}
            </Text>
            <Text fontSize="sm" data-testid="call-is-lead">
              Lead: {d.is_lead === null ? 'not known yet' : d.is_lead ? 'yes' : 'no'}
            </Text>
            <Text fontSize="sm">
              Agent: {agentTypeLabel(d.agent_type)} · ended:{' '}
              {d.ended_reason ? describeInteractionEvent('call_end_reason', { endedReason: d.ended_reason }).replace(/^Call ended because /, '') : '—'}
            </Text>
          </Section>
          <InteractionReview
            interactionId={d.interaction_id}
            reviewedAt={d.reviewed_at}
            reviewNotes={d.review_notes}
            timezone={data.timezone}
            onSaved={() => void mutate()}
          />
        </SimpleGrid>
        <Recording key={interactionId} interactionId={interactionId} available={d.recording_url !== null} audioRef={audioRef} />
        <Jobs details={data} />
        {data.call_analysis.call_summary && d.summary.length > 0 ? (
          <Section title="Voice platform's summary">
            <Text fontSize="sm">{data.call_analysis.call_summary}</Text>
          </Section>
        ) : null}
        <Transcript details={data} audioRef={audioRef} canSeek={d.recording_url !== null} />
        <Section title="What happened">
          {d.interaction_events.length === 0 ? (
            <Text fontSize="sm" color="fg.muted">
              Nothing recorded yet.
            </Text>
          ) : (
            <Stack gap={1} data-testid="call-events">
              {d.interaction_events.map((e, i) => (
                // On a phone the time goes above what happened: side by side they overlap.
                <Stack key={i} direction={{ base: 'column', sm: 'row' }} gap={{ base: 0, sm: 3 }} align={{ sm: 'baseline' }}>
                  <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap" minW={{ sm: '40' }} flexShrink={0}>
                    {formatInZone(e.created_at, data.timezone, { withSeconds: true })}
                  </Text>
                  <Text fontSize="sm">{describeInteractionEvent(e.name, e.metadata)}</Text>
                </Stack>
              ))}
            </Stack>
          )}
        </Section>
      </Stack>
    </Page>
  );
}
