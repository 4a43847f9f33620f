import { Badge, Box, Button, Flex, HStack, Heading, Spinner, Stack, Text, Textarea } from '@chakra-ui/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../components/error-notice';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../auth/api/session.api';
import {
  ASSISTANT_SUGGESTIONS,
  askAssistant,
  assistantSessionStore,
  endAssistantSession,
  loadAssistantHistory,
  startAssistantSession,
  type AssistantMessage,
} from '../api/assistant.api';
import { ASSISTANT_MESSAGE_MAX_LENGTH } from '@contracts/assistant.contract';

type Phase = 'loading' | 'idle' | 'open' | 'ended' | 'load-error';

const timeOf = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' });

function Bubble({ message }: { message: AssistantMessage & { pending?: boolean } }) {
  const mine = message.role === 'user';
  return (
    <Flex justify={mine ? 'flex-end' : 'flex-start'} data-testid={`assistant-message-${message.role}`}>
      <Box
        maxW={{ base: '90%', md: '80%' }}
        bg={mine ? 'blue.600' : 'gray.100'}
        color={mine ? 'white' : 'fg'}
        borderRadius="lg"
        px={3}
        py={2}
        opacity={message.pending ? 0.7 : 1}
      >
        <Text fontSize="sm" whiteSpace="pre-wrap" overflowWrap="anywhere">
          {message.content}
        </Text>
        <HStack gap={2} mt={1}>
          <Text fontSize="2xs" color={mine ? 'blue.100' : 'fg.muted'}>
            {message.pending ? 'Sending…' : timeOf(message.timestamp)}
          </Text>
          {message.fallback ? (
            <Badge size="xs" colorPalette="orange" variant="subtle">
              Engine unavailable
            </Badge>
          ) : null}
        </HStack>
      </Box>
    </Flex>
  );
}

/**
 * Spec 001 §2.15: a chat with the AI assistant about this call and the customer's earlier calls. The session
 * this browser had on the call is reloaded when the page opens; the first question starts one. Its answers give
 * times in the company's zone, as the rest of the page does.
 */
export function AssistantPanel({ callId, orgId, timezone }: { callId: string; orgId: string; timezone: string }) {
  const { data: session } = useSession();
  const [phase, setPhase] = useState<Phase>('loading');
  const [chatId, setChatId] = useState<string | null>(null);
  const [messages, setMessages] = useState<(AssistantMessage & { pending?: boolean })[]>([]);
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const listRef = useRef<HTMLDivElement | null>(null);

  const reload = useCallback(async () => {
    const stored = assistantSessionStore.get(callId);
    setProblem(null);
    if (!stored) {
      setChatId(null);
      setMessages([]);
      setPhase('idle');
      return;
    }
    setPhase('loading');
    try {
      const history = await loadAssistantHistory(stored);
      setChatId(stored);
      setMessages(history.messages);
      setPhase(history.status === 'ended' ? 'ended' : 'open');
    } catch (err) {
      if (err instanceof ApiError && (err.status === 404 || err.status === 401)) {
        assistantSessionStore.forget(callId);
        setChatId(null);
        setMessages([]);
        setPhase('idle');
        return;
      }
      setLoadError(err);
      setPhase('load-error');
    }
  }, [callId]);

  useEffect(() => {
    void reload();
  }, [reload]);

  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [messages]);

  async function ensureSession(): Promise<string> {
    if (chatId && phase === 'open') return chatId;
    const started = await startAssistantSession({ orgId, callId, csrEmail: session!.user.email, timezone });
    assistantSessionStore.set(callId, started.chatId);
    setChatId(started.chatId);
    // A session left open on another device is resumed with what was said in it.
    const history = await loadAssistantHistory(started.chatId);
    setMessages(history.messages);
    setPhase('open');
    return started.chatId;
  }

  async function ask(text: string) {
    const question = text.trim();
    if (!question || busy || !session) return;
    setBusy(true);
    setProblem(null);
    setDraft('');
    const pending = { role: 'user' as const, content: question, timestamp: new Date().toISOString(), pending: true };
    setMessages((m) => [...m, pending]);
    try {
      const id = await ensureSession();
      setMessages((m) => (m.includes(pending) ? m : [...m, pending]));
      const answer = await askAssistant(id, question);
      const [asked, reply] = answer.messages ?? [];
      setMessages((m) => [
        ...m.filter((x) => x !== pending),
        asked ?? { ...pending, pending: false },
        { role: 'assistant', content: reply?.content ?? answer.response ?? '', timestamp: answer.timestamp, fallback: answer.fallback },
      ]);
    } catch (err) {
      setMessages((m) => m.filter((x) => x !== pending));
      setDraft(question);
      setProblem(`Your question was not sent: ${errorMessage(err)}`);
      if (err instanceof ApiError && err.status === 400 && /ended/.test(err.message)) setPhase('ended');
    } finally {
      setBusy(false);
    }
  }

  async function end() {
    if (!chatId) return;
    setBusy(true);
    setProblem(null);
    try {
      await endAssistantSession(chatId);
      setPhase('ended');
    } catch (err) {
      setProblem(`The session could not be ended: ${errorMessage(err)}`);
    } finally {
      setBusy(false);
    }
  }

  function startOver() {
    assistantSessionStore.forget(callId);
    setChatId(null);
    setMessages([]);
    setProblem(null);
    setPhase('idle');
  }

  const canAsk = (phase === 'idle' || phase === 'open') && !!session;
  return (
    <Box borderWidth="1px" borderRadius="md" p={4} bg="white" data-testid="assistant-panel">
      <HStack justify="space-between" mb={2} wrap="wrap" gap={2}>
        <Heading size="sm">Ask the assistant</Heading>
        {phase === 'open' ? (
          <Button size="xs" variant="outline" onClick={() => void end()} disabled={busy} data-testid="assistant-end">
            End session
          </Button>
        ) : null}
        {phase === 'ended' ? (
          <Button size="xs" variant="outline" onClick={startOver} data-testid="assistant-new">
            New session
          </Button>
        ) : null}
      </HStack>

      {phase === 'loading' ? (
        <HStack gap={2} py={3} data-testid="assistant-loading">
          <Spinner size="sm" />
          <Text fontSize="sm" color="fg.muted">
            Loading the conversation…
          </Text>
        </HStack>
      ) : phase === 'load-error' ? (
        <Stack gap={2} data-testid="assistant-error">
          <Text fontSize="sm" color="fg.error">
            The conversation could not be loaded: {errorMessage(loadError)}
          </Text>
          <Button size="xs" variant="outline" alignSelf="flex-start" onClick={() => void reload()}>
            Try again
          </Button>
        </Stack>
      ) : (
        <Stack gap={3}>
          {messages.length === 0 ? (
            <Text fontSize="sm" color="fg.muted" data-testid="assistant-empty">
              Ask about this call or the customer&apos;s earlier calls. Answers come from the call&apos;s summary, classification, tags, transcript and
              bookings.
            </Text>
          ) : (
            <Stack ref={listRef} gap={2} maxH="24rem" overflowY="auto" data-testid="assistant-messages" aria-live="polite">
              {messages.map((m, i) => (
                <Bubble key={`${m.timestamp}-${i}`} message={m} />
              ))}
              {busy && messages.some((m) => m.pending) ? (
                <HStack gap={2} data-testid="assistant-thinking">
                  <Spinner size="xs" />
                  <Text fontSize="xs" color="fg.muted">
                    Thinking…
                  </Text>
                </HStack>
              ) : null}
            </Stack>
          )}
          {phase === 'ended' ? (
            <Text fontSize="sm" color="fg.muted" data-testid="assistant-ended">
              This session has ended. Start a new session to ask more.
            </Text>
          ) : (
            <>
              {messages.filter((m) => m.role === 'user').length === 0 ? (
                <HStack gap={2} wrap="wrap">
                  {ASSISTANT_SUGGESTIONS.map((s) => (
                    <Button key={s} size="xs" variant="subtle" disabled={!canAsk || busy} onClick={() => void ask(s)}>
                      {s}
                    </Button>
                  ))}
                </HStack>
              ) : null}
              <form
                onSubmit={(e) => {
                  e.preventDefault();
                  void ask(draft);
                }}
              >
                <Stack direction={{ base: 'column', sm: 'row' }} gap={2} align={{ base: 'stretch', sm: 'flex-end' }}>
                  <Textarea
                    value={draft}
                    onChange={(e) => setDraft(e.target.value)}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter' && !e.shiftKey) {
                        e.preventDefault();
                        void ask(draft);
                      }
                    }}
                    placeholder="Ask about this call…"
                    aria-label="Question for the assistant"
                    maxLength={ASSISTANT_MESSAGE_MAX_LENGTH}
                    rows={2}
                    disabled={!canAsk}
                    data-testid="assistant-input"
                  />
                  <Button type="submit" size="sm" loading={busy} disabled={!canAsk || draft.trim() === ''} data-testid="assistant-send">
                    Ask
                  </Button>
                </Stack>
              </form>
            </>
          )}
          {problem ? (
            <Text fontSize="sm" color="fg.error" data-testid="assistant-problem">
              {problem}
            </Text>
          ) : null}
        </Stack>
      )}
    </Box>
  );
}
