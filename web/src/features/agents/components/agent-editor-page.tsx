import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Checkbox,
  Field,
  HStack,
  Input,
  Link,
  NativeSelect,
  SimpleGrid,
  Slider,
  Spinner,
  Stack,
  Text,
  Textarea,
  Wrap,
} from '@chakra-ui/react';
import { useState } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import type { Agent } from '@contracts/agents.contract';
import { EmptyNotice } from '../../../components/empty-notice';
import { ErrorNotice } from '../../../components/error-notice';
import { LoadingNotice } from '../../../components/loading-notice';
import { Page } from '../../../components/page';
import { toastSaved } from '../../../components/toaster';
import { UnsavedChangesGuard } from '../../../components/unsaved-changes';
import { ApiError } from '../../../lib/api-client';
import { applyApiErrors, requestResolver } from '../../../lib/form-errors';
import { useSelectedOrg } from '../../organizations/selected-org';
import {
  type AgentForm,
  agentFieldOf,
  agentFormFields,
  agentTypeLabel,
  awaitsPlatformSync,
  BLANK_TRANSFER_TOOL,
  PLATFORM_CHOICES,
  PLATFORM_LABELS,
  platformLabel,
  platformSyncNotice,
  buildUpdateBody,
  formFrom,
  INTERRUPTION_SENSITIVITY,
  RESPONSIVENESS,
  SCRIPT_VARIABLES,
  TRADES,
  syncedSince,
  UpdateAgentRequestSchema,
} from '../agent-form';
import { updateAgent, useAgent } from '../api/agents.api';
import { TransferToolFields } from './transfer-tool-fields';

function Section({ title, description, children, testId }: { title: string; description?: string; children: React.ReactNode; testId: string }) {
  return (
    <Card.Root data-testid={testId}>
      <Card.Header>
        <Card.Title>{title}</Card.Title>
        {description ? <Card.Description>{description}</Card.Description> : null}
      </Card.Header>
      <Card.Body>
        <Stack gap="4">{children}</Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** Whether the agent's voice platform took its transfers, and when; while a save's sync runs, that it is running. */
function PlatformSync({ agent, syncing }: { agent: Agent; syncing: boolean }) {
  if (syncing) {
    return (
      <HStack gap="2" textStyle="sm" color="fg.muted" data-testid="transfers-platform-syncing" role="status">
        <Spinner size="xs" />
        <Text>Writing the transfers to {PLATFORM_LABELS[agent.provider] ?? agent.provider}…</Text>
      </HStack>
    );
  }
  const notice = platformSyncNotice(agent.platform_sync);
  if (!notice) return null;
  return (
    <Alert.Root status={notice.status} size="sm" data-testid="transfers-platform-sync" data-status={agent.platform_sync?.status}>
      <Alert.Indicator />
      <Alert.Description>{notice.text}</Alert.Description>
    </Alert.Root>
  );
}

function RangeField(props: {
  label: string;
  help: string;
  value: number;
  range: { min: number; max: number; step: number };
  onChange: (v: number) => void;
  testId: string;
  error?: string;
}) {
  return (
    <Field.Root invalid={Boolean(props.error)}>
      <Slider.Root
        width="full"
        min={props.range.min}
        max={props.range.max}
        step={props.range.step}
        value={[props.value]}
        onValueChange={(e) => props.onChange(Math.round((e.value[0] ?? props.value) * 100) / 100)}
        data-testid={props.testId}
      >
        <HStack justify="space-between">
          <Slider.Label>{props.label}</Slider.Label>
          <Slider.ValueText data-testid={`${props.testId}-value`} />
        </HStack>
        <Slider.Control>
          <Slider.Track>
            <Slider.Range />
          </Slider.Track>
          <Slider.Thumbs />
        </Slider.Control>
      </Slider.Root>
      <Field.HelperText>{props.help}</Field.HelperText>
      <Field.ErrorText>{props.error}</Field.ErrorText>
    </Field.Root>
  );
}

function AgentEditor({ agent, onSaved, syncing }: { agent: Agent; onSaved: (saved: Agent) => Promise<unknown>; syncing: boolean }) {
  const { hrefFor } = useSelectedOrg();
  const { variables, services } = SCRIPT_VARIABLES[agent.agent_type];
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<AgentForm>({
    defaultValues: formFrom(agent),
    // PUT /agent's body checked by the API's own schema: each field shows the API's message (000 §5).
    resolver: (values, context, options) =>
      requestResolver<AgentForm>(
        UpdateAgentRequestSchema,
        (form) => buildUpdateBody(agent, form),
        agentFormFields(values),
        agentFieldOf,
      )(values, context, options),
  });
  const tools = useFieldArray({ control, name: 'transferTools' });

  async function save(form: AgentForm) {
    try {
      const saved = await updateAgent(buildUpdateBody(agent, form));
      await onSaved(saved);
      reset(formFrom(saved));
      toastSaved('Agent saved', 'agent-saved');
    } catch (error) {
      const unplaced = applyApiErrors(error, setError, agentFormFields(form), agentFieldOf);
      setError('root.server', { type: 'server', message: unplaced ?? 'Check the marked fields.' });
    }
  }

  const failure = errors.root?.server?.message ?? errors.root?.message;

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(save)(event)}>
      <UnsavedChangesGuard when={isDirty && !isSubmitting} what="the agent's changes" />
      <Stack gap="5">
        <HStack wrap="wrap" gap="2" data-testid="agent-summary">
          <Badge colorPalette="blue">{agentTypeLabel(agent.agent_type)}</Badge>
          <Badge variant="outline">{platformLabel(agent)}</Badge>
          <Text textStyle="sm" color="fg.muted">
            {agent.provider_phone_number ?? 'No phone number yet'}
          </Text>
          <Link asChild textStyle="sm" color="blue.fg" ms={{ md: 'auto' }}>
            <RouterLink to={hrefFor(`/agents/${agent.id}/job-types`)} data-testid="agent-job-types-link">
              Job types ({agent.job_types.length}) →
            </RouterLink>
          </Link>
          <Link asChild textStyle="sm" color="blue.fg">
            <RouterLink to={hrefFor(`/agents/${agent.id}/script`)} data-testid="agent-script-link">
              Generate script from the website →
            </RouterLink>
          </Link>
        </HStack>

        <Section title="Agent" testId="agent-section">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <Field.Root invalid={Boolean(errors.friendlyName)}>
              <Field.Label>Friendly name</Field.Label>
              <Input {...register('friendlyName')} placeholder={agentTypeLabel(agent.agent_type)} autoComplete="off" data-testid="agent-friendly-name" />
              <Field.HelperText>How the dashboard names this agent.</Field.HelperText>
              <Field.ErrorText>{errors.friendlyName?.message}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={Boolean(errors.verifiedCallerId)}>
              <Field.Label>Verified caller ID</Field.Label>
              <Input
                {...register('verifiedCallerId')}
                type="tel"
                inputMode="tel"
                placeholder="+15551234567"
                autoComplete="off"
                data-testid="agent-verified-caller-id"
              />
              <Field.HelperText>The number outbound calls show, once the platform has verified it.</Field.HelperText>
              <Field.ErrorText>{errors.verifiedCallerId?.message}</Field.ErrorText>
            </Field.Root>
          </SimpleGrid>
        </Section>

        <Controller
          control={control}
          name="platform"
          render={({ field }) =>
            field.value ? (
              <Section
                title="Voice platform"
                description="Where the agent's calls run. Transfers are written to its agent on Retell, Vapi or the sandbox."
                testId="platform-section"
              >
                <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                  <Field.Root invalid={Boolean(errors.platform?.provider)}>
                    <Field.Label>Platform</Field.Label>
                    <NativeSelect.Root>
                      <NativeSelect.Field
                        value={field.value.provider}
                        onChange={(e) => field.onChange({ ...field.value!, provider: e.target.value })}
                        data-testid="agent-provider"
                      >
                        {PLATFORM_CHOICES.map((provider) => (
                          <option key={provider} value={provider}>
                            {PLATFORM_LABELS[provider] ?? provider}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                    <Field.ErrorText>{errors.platform?.provider?.message}</Field.ErrorText>
                  </Field.Root>
                  <Field.Root invalid={Boolean(errors.platform?.providerAgentId)}>
                    <Field.Label>Agent id on the platform</Field.Label>
                    <Input
                      value={field.value.providerAgentId}
                      onChange={(e) => field.onChange({ ...field.value!, providerAgentId: e.target.value })}
                      onBlur={field.onBlur}
                      placeholder={field.value.provider === 'sandbox' ? 'This agent' : 'agent_…'}
                      autoComplete="off"
                      data-testid="agent-provider-agent-id"
                    />
                    <Field.HelperText>Its id in the platform's dashboard (Retell's agent id, Vapi's assistant id).</Field.HelperText>
                    <Field.ErrorText>{errors.platform?.providerAgentId?.message}</Field.ErrorText>
                  </Field.Root>
                </SimpleGrid>
              </Section>
            ) : (
              <></>
            )
          }
        />

        <Section title="Script" description="What the agent says and knows. Empty fields use the script's defaults." testId="script-section">
          {services ? (
            <Field.Root invalid={Boolean(errors.services)}>
              <Field.Label>Services</Field.Label>
              <Controller
                control={control}
                name="services"
                render={({ field }) => {
                  const chosen = new Set(field.value);
                  const choices = [...TRADES, ...field.value.filter((s) => !(TRADES as readonly string[]).includes(s))];
                  return (
                    <Wrap gap="2" data-testid="agent-services">
                      {choices.map((trade) => (
                        <Button
                          key={trade}
                          size="xs"
                          borderRadius="full"
                          variant={chosen.has(trade) ? 'solid' : 'outline'}
                          colorPalette={chosen.has(trade) ? 'blue' : 'gray'}
                          aria-pressed={chosen.has(trade)}
                          onClick={() => field.onChange(chosen.has(trade) ? field.value.filter((s) => s !== trade) : [...field.value, trade])}
                          data-testid={`service-${trade}`}
                        >
                          {trade.replace(/_/g, ' ')}
                        </Button>
                      ))}
                    </Wrap>
                  );
                }}
              />
              <Field.ErrorText data-testid="agent-services-error">{errors.services?.message}</Field.ErrorText>
            </Field.Root>
          ) : null}
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            {variables.map((variable) => (
              <Field.Root key={variable.key} invalid={Boolean(errors.script?.[variable.key])}>
                <Field.Label>{variable.label}</Field.Label>
                {variable.long ? (
                  <Textarea {...register(`script.${variable.key}`)} rows={3} placeholder={variable.placeholder} data-testid={`script-${variable.key}`} />
                ) : (
                  <Input {...register(`script.${variable.key}`)} placeholder={variable.placeholder} autoComplete="off" data-testid={`script-${variable.key}`} />
                )}
                <Field.ErrorText>{errors.script?.[variable.key]?.message}</Field.ErrorText>
              </Field.Root>
            ))}
          </SimpleGrid>
        </Section>

        <Section title="Transfers" description="Numbers the agent may transfer a call to, and when." testId="transfers-section">
          {tools.fields.length === 0 ? (
            <Text color="fg.muted" textStyle="sm" data-testid="transfers-empty">
              No transfers: the agent takes a message or offers a callback instead.
            </Text>
          ) : (
            tools.fields.map((tool, index) => (
              <TransferToolFields key={tool.id} index={index} control={control} register={register} errors={errors} onRemove={() => tools.remove(index)} />
            ))
          )}
          <PlatformSync agent={agent} syncing={syncing} />
          <Box>
            <Button size="sm" variant="outline" onClick={() => tools.append({ ...BLANK_TRANSFER_TOOL })} data-testid="transfer-add">
              Add a transfer
            </Button>
          </Box>
        </Section>

        {agent.provider_agent_config?.type !== 'chat_widget' ? (
          <Controller
            control={control}
            name="voice"
            render={({ field }) =>
              field.value ? (
                <Section title="Voice" description="How quickly the agent answers and how easily the caller can interrupt it." testId="voice-section">
                  <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
                    <RangeField
                      label="Responsiveness"
                      help="0.9 waits a little longer before answering; 1 answers at once."
                      value={field.value.responsiveness}
                      range={RESPONSIVENESS}
                      onChange={(responsiveness) => field.onChange({ ...field.value!, responsiveness })}
                      testId="agent-responsiveness"
                      error={errors.voice?.responsiveness?.message}
                    />
                    <RangeField
                      label="Interruption sensitivity"
                      help="0.6 talks over background noise; 0.9 stops at the caller's first word."
                      value={field.value.interruptionSensitivity}
                      range={INTERRUPTION_SENSITIVITY}
                      onChange={(interruptionSensitivity) => field.onChange({ ...field.value!, interruptionSensitivity })}
                      testId="agent-interruption-sensitivity"
                      error={errors.voice?.interruptionSensitivity?.message}
                    />
                  </SimpleGrid>
                </Section>
              ) : (
                <></>
              )
            }
          />
        ) : null}

        <Controller
          control={control}
          name="skipScriptGeneration"
          render={({ field }) => (
            <Checkbox.Root checked={field.value} onCheckedChange={(e) => field.onChange(e.checked === true)} data-testid="agent-skip-script-generation">
              <Checkbox.HiddenInput onBlur={field.onBlur} />
              <Checkbox.Control />
              <Checkbox.Label>Save without regenerating the agent's script</Checkbox.Label>
            </Checkbox.Root>
          )}
        />

        {failure ? (
          <Alert.Root status="error" data-testid="agent-error">
            <Alert.Indicator />
            <Alert.Description>{failure}</Alert.Description>
          </Alert.Root>
        ) : null}
        <HStack gap="3">
          <Button type="submit" colorPalette="blue" loading={isSubmitting} disabled={!isDirty} data-testid="agent-save">
            Save agent
          </Button>
          <Button variant="ghost" disabled={!isDirty || isSubmitting} onClick={() => reset()} data-testid="agent-discard">
            Discard changes
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}

/** One agent's editor (001 §3 "Agent (fields edited here)"): name, script variables, transfers, voice settings. */
export function AgentEditorPage({ agentId }: { agentId: string }) {
  const { hrefFor } = useSelectedOrg();
  // After a save that starts a platform sync, the agent is re-read every 2 s until that sync is recorded (at most a minute).
  const [syncSince, setSyncSince] = useState<{ since: string; until: number } | null>(null);
  const agent = useAgent(agentId, syncSince ? 2000 : 0);
  const syncing = syncSince !== null && agent.data !== undefined && !syncedSince(agent.data, syncSince.since) && Date.now() < syncSince.until;
  if (syncSince && !syncing) setSyncSince(null);
  const onSaved = (saved: Agent) => {
    if (agent.data && awaitsPlatformSync(agent.data, saved)) setSyncSince({ since: saved.updated_at, until: Date.now() + 60_000 });
    return agent.mutate(saved, { revalidate: false });
  };
  const notFound = agent.error instanceof ApiError && (agent.error.status === 404 || agent.error.status === 400);
  const title = agent.data ? (agent.data.friendly_name ?? agentTypeLabel(agent.data.agent_type)) : 'Agent';

  return (
    <Page
      title={title}
      actions={
        <Link asChild textStyle="sm" color="blue.fg">
          <RouterLink to={hrefFor('/agents')}>← All agents</RouterLink>
        </Link>
      }
    >
      {notFound ? (
        <EmptyNotice symbol="?" title="Agent not found" description="It does not exist, or it belongs to another organization." />
      ) : agent.error ? (
        <ErrorNotice error={agent.error} title="Could not load the agent" onRetry={() => void agent.mutate()} />
      ) : !agent.data ? (
        <LoadingNotice label="Loading the agent" />
      ) : (
        <AgentEditor key={agent.data.id} agent={agent.data} onSaved={onSaved} syncing={syncing} />
      )}
    </Page>
  );
}
