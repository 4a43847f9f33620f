import { Badge, Box, Button, Card, Dialog, Field, HStack, Input, Link, NativeSelect, Portal, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import { type Agent, type CreateAgentRequest, CreateAgentRequestSchema } from '@contracts/agents.contract';
import { EmptyNotice } from '../../../components/empty-notice';
import { ErrorNotice } from '../../../components/error-notice';
import { LoadingNotice } from '../../../components/loading-notice';
import { Page } from '../../../components/page';
import { toastSaved } from '../../../components/toaster';
import { applyApiErrors, requestResolver } from '../../../lib/form-errors';
import { useSelectedOrg } from '../../organizations/selected-org';
import { AGENT_TYPE_CHOICES, type AgentType, agentTypeLabel, platformLabel } from '../agent-form';
import { createAgent, useOrgAgents } from '../api/agents.api';

type NewAgentForm = { agentType: AgentType; friendlyName: string };
const NEW_AGENT_FIELDS = ['agentType', 'friendlyName'] as const;
const newAgentFieldOf = (path: string) => (path === 'agent_type' ? 'agentType' : path === 'friendly_name' ? 'friendlyName' : path);

function NewAgentDialog({ orgId, open, onClose }: { orgId: string; open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const { hrefFor } = useSelectedOrg();
  const { mutate } = useOrgAgents(orgId);
  const [failure, setFailure] = useState<string | null>(null);
  const bodyOf = (form: NewAgentForm): CreateAgentRequest => ({
    org_id: orgId,
    agent_type: form.agentType,
    ...(form.friendlyName.trim() ? { friendly_name: form.friendlyName.trim() } : {}),
  });
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<NewAgentForm>({
    defaultValues: { agentType: 'OFFICE_HOURS_CSR', friendlyName: '' },
    resolver: requestResolver<NewAgentForm>(CreateAgentRequestSchema, bodyOf, NEW_AGENT_FIELDS, newAgentFieldOf),
  });

  async function create(form: NewAgentForm) {
    setFailure(null);
    try {
      const agent = await createAgent(bodyOf(form));
      await mutate();
      toastSaved('Agent created', 'agent-created', `${agent.friendly_name ?? agentTypeLabel(agent.agent_type)} is ready to set up.`);
      reset();
      onClose();
      void navigate(hrefFor(`/agents/${agent.id}`));
    } catch (error) {
      setFailure(applyApiErrors(error, setError, NEW_AGENT_FIELDS, newAgentFieldOf));
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="new-agent-dialog" mx="4">
            <form noValidate onSubmit={(event) => void handleSubmit(create)(event)}>
              <Dialog.Header>
                <Dialog.Title>New agent</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Field.Root invalid={Boolean(errors.agentType)}>
                    <Field.Label>Agent type</Field.Label>
                    <NativeSelect.Root>
                      <NativeSelect.Field {...register('agentType')} data-testid="new-agent-type">
                        {AGENT_TYPE_CHOICES.map((type) => (
                          <option key={type} value={type}>
                            {agentTypeLabel(type)}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                    <Field.ErrorText>{errors.agentType?.message}</Field.ErrorText>
                  </Field.Root>
                  <Field.Root invalid={Boolean(errors.friendlyName)}>
                    <Field.Label>
                      Friendly name{' '}
                      <Text as="span" color="fg.muted" fontWeight="normal">
                        (optional)
                      </Text>
                    </Field.Label>
                    <Input {...register('friendlyName')} placeholder="Main line" autoComplete="off" data-testid="new-agent-name" />
                    <Field.HelperText>How the dashboard names this agent; callers never hear it.</Field.HelperText>
                    <Field.ErrorText>{errors.friendlyName?.message}</Field.ErrorText>
                  </Field.Root>
                  {failure || errors.root?.message ? (
                    <Text color="fg.error" data-testid="new-agent-error">
                      {failure ?? errors.root?.message}
                    </Text>
                  ) : null}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose}>
                  Cancel
                </Button>
                <Button type="submit" colorPalette="blue" loading={isSubmitting} data-testid="new-agent-create">
                  Create agent
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function AgentName({ agent }: { agent: Agent }) {
  const { hrefFor } = useSelectedOrg();
  return (
    <Link asChild fontWeight="semibold" color="blue.fg">
      <RouterLink to={hrefFor(`/agents/${agent.id}`)} data-testid="agent-link">
        {agent.friendly_name ?? agentTypeLabel(agent.agent_type)}
      </RouterLink>
    </Link>
  );
}

const jobTypeCount = (agent: Agent) => `${agent.job_types.length} job type${agent.job_types.length === 1 ? '' : 's'}`;

/** The organization's agents: type, name, job types, platform and phone; and creating one. */
export function AgentsPage() {
  const { orgId, hrefFor } = useSelectedOrg();
  const agents = useOrgAgents(orgId);
  const [creating, setCreating] = useState(false);
  const list = agents.data?.agents ?? [];
  const newButton = (
    <Button colorPalette="blue" onClick={() => setCreating(true)} disabled={!orgId} data-testid="new-agent">
      New agent
    </Button>
  );
  // The header's actions; an empty list repeats only the button.
  const actions = (
    <HStack gap="4">
      <Link asChild textStyle="sm" color="blue.fg">
        <RouterLink to={hrefFor('/job-type-sheet')} data-testid="job-type-sheet-link">
          Job-type sheet →
        </RouterLink>
      </Link>
      {newButton}
    </HStack>
  );

  return (
    <Page title="Agents" description="The voice and chat agents that answer and place calls for the organization." actions={actions}>
      {orgId ? <NewAgentDialog orgId={orgId} open={creating} onClose={() => setCreating(false)} /> : null}
      {agents.error ? (
        <ErrorNotice error={agents.error} title="Could not load the agents" onRetry={() => void agents.mutate()} />
      ) : !agents.data ? (
        <LoadingNotice label="Loading the agents" />
      ) : list.length === 0 ? (
        <EmptyNotice
          title="No agents yet"
          description="Create the organization's first agent, then set its script, transfers and job types."
          action={newButton}
        />
      ) : (
        <>
          <Box hideBelow="md" borderWidth="1px" borderRadius="l3" bg="bg" overflow="hidden">
            <Table.Root size="sm" data-testid="agents-table">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Agent</Table.ColumnHeader>
                  <Table.ColumnHeader>Type</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Job types</Table.ColumnHeader>
                  <Table.ColumnHeader>Platform</Table.ColumnHeader>
                  <Table.ColumnHeader>Phone</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {list.map((agent) => (
                  <Table.Row key={agent.id} data-testid="agent-row">
                    <Table.Cell>
                      <AgentName agent={agent} />
                    </Table.Cell>
                    <Table.Cell>{agentTypeLabel(agent.agent_type)}</Table.Cell>
                    <Table.Cell textAlign="end" data-testid="agent-job-type-count">
                      {agent.job_types.length}
                    </Table.Cell>
                    <Table.Cell>{platformLabel(agent)}</Table.Cell>
                    <Table.Cell>{agent.provider_phone_number ?? <Text color="fg.subtle">None yet</Text>}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
          <Stack hideFrom="md" gap="3" data-testid="agents-cards">
            {list.map((agent) => (
              <Card.Root key={agent.id} size="sm">
                <Card.Body gap="1">
                  <AgentName agent={agent} />
                  <HStack wrap="wrap" gap="2">
                    <Badge>{agentTypeLabel(agent.agent_type)}</Badge>
                    <Badge variant="outline">{platformLabel(agent)}</Badge>
                  </HStack>
                  <Text textStyle="sm" color="fg.muted">
                    {jobTypeCount(agent)} · {agent.provider_phone_number ?? 'no phone number yet'}
                  </Text>
                </Card.Body>
              </Card.Root>
            ))}
          </Stack>
        </>
      )}
    </Page>
  );
}
