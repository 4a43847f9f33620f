import { Alert, Badge, Box, Button, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { ErrorNotice } from '../../../components/error-notice';
import { LoadingNotice } from '../../../components/loading-notice';
import { Page } from '../../../components/page';
import { Link as RouterLink } from 'react-router';
import { useSelectedOrg } from '../../organizations/selected-org';
import { endWebCall, sendCallerTurn, startWebCall, useWebCallAgents, useWebCallInteraction } from '../api/web-call.api';
import { isClassified, linesOfTurn, type CreatedWebCall, type WebCallLine } from '../api/web-call.schema';

function Line({ line, index }: { line: WebCallLine; index: number }) {
  if (line.kind === 'tool') {
    return (
      <Box data-testid={`web-call-tool-${index}`} borderLeftWidth="3px" borderColor="purple.400" pl={3} py={1} fontSize="sm" bg="purple.50">
        <Text fontWeight="semibold">
          Tool <code>{line.tool.name}</code>
        </Text>
        <Text color="fg.muted" fontFamily="mono" fontSize="xs">
          {JSON.stringify(line.tool.arguments)}
        </Text>
        <Text>{line.tool.result}</Text>
      </Box>
    );
  }
  const agent = line.kind === 'agent';
  return (
    <Box
      data-testid={`web-call-${line.kind}-${index}`}
      alignSelf={agent ? 'flex-start' : 'flex-end'}
      maxW="80%"
      bg={agent ? 'gray.100' : 'blue.50'}
      borderRadius="md"
      px={3}
      py={2}
    >
      <Text fontSize="xs" color="fg.muted">
        {agent ? 'Agent' : 'You (caller)'}
      </Text>
      <Text fontSize="sm">{line.text}</Text>
    </Box>
  );
}

function InteractionLink({ interactionId }: { interactionId: string }) {
  const { data, error } = useWebCallInteraction(interactionId);
  if (error) return <ErrorNotice error={error} />;
  const status = data?.data.call_status;
  if (!isClassified(status)) {
    return (
      <Text data-testid="web-call-classifying" fontSize="sm" color="fg.muted">
        The call is over; it is being transcribed and classified…
      </Text>
    );
  }
  return (
    <HStack data-testid="web-call-interaction" gap={2}>
      <Text fontSize="sm">Classified as</Text>
      <Badge data-testid="web-call-status">{status}</Badge>
      <RouterLink data-testid="web-call-details-link" to={`/calls/${interactionId}`}>
        Open it in Call details →
      </RouterLink>
    </HStack>
  );
}

export function WebCallPage() {
  const { orgId } = useSelectedOrg();
  const agents = useWebCallAgents(orgId);
  const [agentId, setAgentId] = useState('');
  const [call, setCall] = useState<CreatedWebCall | null>(null);
  const [lines, setLines] = useState<WebCallLine[]>([]);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [ended, setEnded] = useState(false);
  const [failure, setFailure] = useState<Error | null>(null);
  const chosen = agentId || agents.data?.agents.find((a) => a.agent_type === 'OFFICE_HOURS_CSR')?.id || agents.data?.agents[0]?.id || '';

  async function run(step: () => Promise<void>) {
    setBusy(true);
    setFailure(null);
    try {
      await step();
    } catch (err) {
      setFailure(err as Error);
    } finally {
      setBusy(false);
    }
  }

  const start = () =>
    run(async () => {
      const created = await startWebCall(orgId!, chosen);
      setCall(created);
      setEnded(false);
      setLines([{ kind: 'agent', text: created.greeting }]);
    });

  const say = (event: FormEvent) => {
    event.preventDefault();
    const words = text.trim();
    if (!call || !words) return;
    void run(async () => {
      const turn = await sendCallerTurn(orgId!, call.call_id, call.access_token, words);
      setText('');
      setLines((previous) => [...previous, ...linesOfTurn(words, turn)]);
      if (turn.ended) setEnded(true);
    });
  };

  const hangUp = () =>
    run(async () => {
      await endWebCall(orgId!, call!.call_id, call!.access_token);
      setEnded(true);
    });

  const newCall = () => {
    setCall(null);
    setLines([]);
    setEnded(false);
  };

  return (
    <Page
      title="Web call"
      description="Talk to one of your in-house AI agents as a caller would, by typing. When the call ends it becomes an interaction in Calls."
    >
      <Stack gap={4} maxW="3xl">
        {agents.error ? (
          <ErrorNotice error={agents.error} onRetry={() => void agents.mutate()} />
        ) : !agents.data ? (
          <LoadingNotice label="Loading agents" />
        ) : (
          <HStack gap={3} wrap="wrap">
            <Text fontSize="sm">Agent</Text>
            <NativeSelect.Root size="sm" width="auto" disabled={call !== null && !ended}>
              <NativeSelect.Field data-testid="web-call-agent" aria-label="Agent" value={chosen} onChange={(e) => setAgentId(e.target.value)}>
                {agents.data.agents.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.friendly_name ?? a.agent_type} ({a.agent_type}){a.job_types_count > 0 ? ` · ${a.job_types_count} job types` : ''}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            {call === null || ended ? (
              <Button
                data-testid="web-call-start"
                size="sm"
                colorPalette="green"
                loading={busy && call === null}
                disabled={!chosen}
                onClick={() => (call ? newCall() : void start())}
              >
                {call ? 'New call' : 'Start call'}
              </Button>
            ) : (
              <Button data-testid="web-call-end" size="sm" colorPalette="red" loading={busy} onClick={() => void hangUp()}>
                Hang up
              </Button>
            )}
          </HStack>
        )}
        {failure ? (
          <Alert.Root status="error" data-testid="web-call-error">
            <Alert.Indicator />
            <Alert.Title>{failure.message}</Alert.Title>
          </Alert.Root>
        ) : null}
        {call ? (
          <Stack gap={2} borderWidth="1px" borderRadius="md" p={4} bg="white" data-testid="web-call-conversation">
            {lines.map((line, i) => (
              <Line key={i} line={line} index={i} />
            ))}
            {!ended ? (
              <form onSubmit={say}>
                <HStack mt={2}>
                  <Input
                    data-testid="web-call-input"
                    size="sm"
                    placeholder="Say something as the caller…"
                    value={text}
                    onChange={(e) => setText(e.target.value)}
                    disabled={busy}
                    autoFocus
                  />
                  <Button data-testid="web-call-send" size="sm" type="submit" loading={busy} disabled={!text.trim()}>
                    Send
                  </Button>
                </HStack>
              </form>
            ) : (
              <Box data-testid="web-call-ended" pt={2} borderTopWidth="1px">
                <Text fontSize="sm" fontWeight="semibold" mb={1}>
                  Call ended
                </Text>
                {/* The web call's call_id is its interaction id. */}
                <InteractionLink interactionId={call.call_id} />
              </Box>
            )}
          </Stack>
        ) : null}
      </Stack>
    </Page>
  );
}
