import { Alert, Badge, Button, Card, Code, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { EmptyNotice } from '../../../components/empty-notice';
import { ErrorNotice, errorMessage } from '../../../components/error-notice';
import { LoadingNotice } from '../../../components/loading-notice';
import { Page } from '../../../components/page';
import { discardDeadLetter, retryDeadLetter, useDeadLetters, type DeadLetterStatus, type DeadLetterView } from '../api/dead-letters.api';
import { OrgTime } from '../../organizations/components/org-time';
import { plural } from '@contracts/call-labels';

const STATUSES: DeadLetterStatus[] = ['open', 'retried', 'discarded'];

function DeadLetterCard({ letter, onChanged }: { letter: DeadLetterView; onChanged: (message: string) => void }) {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function act(action: () => Promise<string>) {
    setBusy(true);
    setFailure(null);
    try {
      onChanged(await action());
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card.Root data-testid="dead-letter">
      <Card.Body>
        <Stack gap="2">
          <HStack justify="space-between">
            <Text fontWeight="semibold">
              {letter.event_type}{' '}
              <Text as="span" color="fg.muted">
                in {letter.projection}
              </Text>
            </Text>
            <Badge colorPalette={letter.status === 'open' ? 'red' : 'gray'}>{letter.status}</Badge>
          </HStack>
          <Text color="fg.error">
            {letter.error_code ? `${letter.error_code}: ` : ''}
            {letter.error_message}
          </Text>
          <Text textStyle="sm" color="fg.muted">
            Event <Code>{letter.event_id}</Code> at {letter.source.topic}/{letter.source.partition}@{letter.source.offset}; {letter.tries} tries,{' '}
            {plural(letter.occurrences, 'time')}, last <OrgTime iso={letter.last_failed_at} />
          </Text>
          {letter.retry_outcome && (
            <Text textStyle="sm">
              Last retry: {letter.retry_outcome}
              {letter.retry_error ? ` (${letter.retry_error})` : ''}
            </Text>
          )}
          {letter.discard_reason && <Text textStyle="sm">Discarded: {letter.discard_reason}</Text>}
          {failure && (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>{failure}</Alert.Title>
            </Alert.Root>
          )}
          {letter.status === 'open' && (
            <HStack gap="3">
              <Button
                size="sm"
                colorPalette="blue"
                loading={busy}
                data-testid="retry-dead-letter"
                onClick={() =>
                  void act(async () => {
                    const r = await retryDeadLetter(letter);
                    return r.outcome === 'failed' ? `Retry failed again: ${r.error ?? ''}` : `Retried: ${r.outcome}`;
                  })
                }
              >
                Retry
              </Button>
              <Input size="sm" value={reason} onChange={(e) => setReason(e.target.value)} placeholder="Reason for discarding" maxW="sm" />
              <Button
                size="sm"
                variant="outline"
                colorPalette="red"
                disabled={!reason.trim() || busy}
                data-testid="discard-dead-letter"
                onClick={() => void act(async () => (await discardDeadLetter(letter, reason.trim()), 'Discarded'))}
              >
                Discard
              </Button>
            </HStack>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** Events a read model could not apply: retry after a fix, or discard with a reason (README: dead letters). */
export function DeadLettersPage() {
  const [status, setStatus] = useState<DeadLetterStatus>('open');
  const [notice, setNotice] = useState<string | null>(null);
  const { data, error, isLoading, mutate } = useDeadLetters(status);

  return (
    <Page title="Dead letters" description="Events a read model could not apply. Retry one after deploying a fix, or discard it with a reason.">
      <HStack>
        <NativeSelect.Root size="sm" maxW="48">
          <NativeSelect.Field value={status} onChange={(e) => setStatus(e.target.value as DeadLetterStatus)} data-testid="dead-letter-status">
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {data && <Text color="fg.muted">{data.open} open</Text>}
      </HStack>
      {notice && (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>{notice}</Alert.Title>
        </Alert.Root>
      )}
      {error ? (
        <ErrorNotice error={error} title="Could not load the dead letters" onRetry={() => void mutate()} />
      ) : isLoading || !data ? (
        <LoadingNotice label="Loading dead letters…" />
      ) : data.dead_letters.length === 0 ? (
        <EmptyNotice symbol="✓" title={`No ${status} dead letters`} description="Every event was applied by its read model." />
      ) : (
        <Stack gap="3">
          {data.dead_letters.map((letter) => (
            <DeadLetterCard
              key={`${letter.projection}:${letter.event_id}`}
              letter={letter}
              onChanged={(message) => {
                setNotice(message);
                // The read model follows the event a moment later.
                setTimeout(() => void mutate(), 500);
              }}
            />
          ))}
        </Stack>
      )}
    </Page>
  );
}
