import { Alert, Box, Button, Checkbox, Field, HStack, Input, Link, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import type { Agent } from '@contracts/agents.contract';
import { EmptyNotice } from '../../../components/empty-notice';
import { ErrorNotice, errorMessage } from '../../../components/error-notice';
import { LoadingNotice } from '../../../components/loading-notice';
import { Page } from '../../../components/page';
import { toastSaved } from '../../../components/toaster';
import { UnsavedChangesGuard } from '../../../components/unsaved-changes';
import { ApiError } from '../../../lib/api-client';
import { applyApiErrors, requestResolver } from '../../../lib/form-errors';
import { useSelectedOrg } from '../../organizations/selected-org';
import { agentTypeLabel } from '../agent-form';
import { updateAgentJobTypes, useAgent, useCrmBusinessUnits, useCrmJobTypes } from '../api/agents.api';
import {
  addableJobTypes,
  buildJobTypesBody,
  formFrom,
  INSTRUCTION_LABELS,
  JOB_TYPE_INSTRUCTIONS,
  type JobTypesForm,
  jobTypesFieldOf,
  jobTypesFormFields,
  PRIORITY_CHOICES,
  rowFromCrm,
  UpdateAgentJobTypesRequestSchema,
} from '../job-types-form';

const BLANK_ROW = {
  id: '',
  name: '',
  description: '',
  businessUnitId: '',
  businessUnitName: '',
  priority: '',
  dispatch: true,
  instruction: 'DEFAULT' as const,
};

const TEXT_COLUMNS = [
  { key: 'id', label: 'Id', minW: '24' },
  { key: 'name', label: 'Name', minW: '44' },
  { key: 'description', label: 'Description', minW: '52' },
  { key: 'businessUnitId', label: 'Business unit id', minW: '24' },
  { key: 'businessUnitName', label: 'Business unit', minW: '40' },
] as const;

function JobTypesEditor({ agent, orgId, onSaved }: { agent: Agent; orgId: string; onSaved: (saved: Agent) => Promise<unknown> }) {
  const crmJobTypes = useCrmJobTypes(orgId);
  const crmUnits = useCrmBusinessUnits(orgId);
  const [toAdd, setToAdd] = useState('');
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<JobTypesForm>({
    defaultValues: formFrom(agent.job_types),
    resolver: (values, context, options) =>
      requestResolver<JobTypesForm>(
        UpdateAgentJobTypesRequestSchema,
        (form) => buildJobTypesBody(agent.id, form),
        jobTypesFormFields(values),
        jobTypesFieldOf,
      )(values, context, options),
  });
  const rows = useFieldArray({ control, name: 'rows' });
  const current = useWatch({ control, name: 'rows' }) ?? [];
  const addable = crmJobTypes.data ? addableJobTypes(crmJobTypes.data, current) : [];
  // The CRM's name of a row's business unit, shown until one is typed.
  const unitName = (id: string | undefined) => crmUnits.data?.find((unit) => unit.id === id?.trim())?.name;

  function addFromCrm() {
    const jobType = addable.find((t) => t.id === toAdd);
    if (!jobType) return;
    rows.append(rowFromCrm(jobType, crmUnits.data ?? []));
    setToAdd('');
  }

  async function save(form: JobTypesForm) {
    try {
      const saved = await updateAgentJobTypes(buildJobTypesBody(agent.id, form));
      await onSaved(saved);
      reset(formFrom(saved.job_types));
      toastSaved('Job types saved', 'job-types-saved', `${saved.job_types.length} job type${saved.job_types.length === 1 ? '' : 's'} the agent may book.`);
    } catch (error) {
      const unplaced = applyApiErrors(error, setError, jobTypesFormFields(form), jobTypesFieldOf);
      setError('root.server', { type: 'server', message: unplaced ?? 'Check the marked fields.' });
    }
  }

  const failure = errors.root?.server?.message ?? errors.root?.message;

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(save)(event)}>
      <UnsavedChangesGuard when={isDirty && !isSubmitting} what="the job type changes" />
      <Stack gap="5">
        <Stack direction={{ base: 'column', md: 'row' }} gap="3" align={{ md: 'flex-end' }} data-testid="job-types-add">
          <Field.Root maxW={{ md: 'md' }}>
            <Field.Label>Add a job type from the CRM</Field.Label>
            {crmJobTypes.error ? (
              <Text textStyle="sm" color="fg.muted" data-testid="crm-job-types-error">
                The CRM's job types could not be read: {errorMessage(crmJobTypes.error)}
              </Text>
            ) : (
              <NativeSelect.Root disabled={!crmJobTypes.data || addable.length === 0}>
                <NativeSelect.Field value={toAdd} onChange={(e) => setToAdd(e.currentTarget.value)} data-testid="crm-job-type">
                  <option value="">
                    {!crmJobTypes.data ? 'Loading the CRM job types…' : addable.length === 0 ? 'Every CRM job type is listed' : 'Choose a job type'}
                  </option>
                  {addable.map((t) => (
                    <option key={t.id} value={t.id}>
                      {t.name} ({t.id})
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            )}
          </Field.Root>
          <HStack gap="3">
            <Button variant="outline" onClick={addFromCrm} disabled={!toAdd} data-testid="crm-job-type-add">
              Add
            </Button>
            <Button variant="ghost" onClick={() => rows.append({ ...BLANK_ROW })} data-testid="job-type-add-blank">
              Add a blank row
            </Button>
          </HStack>
        </Stack>

        {rows.fields.length === 0 ? (
          <EmptyNotice title="No job types" description="The agent cannot book any job until it has job types: add them from the CRM above." />
        ) : (
          // position: the screen-reader-only header is absolutely placed: it must stay inside the scrolled box.
          <Table.ScrollArea position="relative" borderWidth="1px" borderRadius="l3" bg="bg">
            <Table.Root size="sm" data-testid="job-types-table">
              <Table.Header>
                <Table.Row>
                  {TEXT_COLUMNS.map((column) => (
                    <Table.ColumnHeader key={column.key}>{column.label}</Table.ColumnHeader>
                  ))}
                  <Table.ColumnHeader>Priority</Table.ColumnHeader>
                  <Table.ColumnHeader>Dispatch</Table.ColumnHeader>
                  <Table.ColumnHeader>Instruction</Table.ColumnHeader>
                  <Table.ColumnHeader>
                    <Box srOnly>Remove</Box>
                  </Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {rows.fields.map((row, index) => (
                  <Table.Row key={row.id} data-testid={`job-type-row-${index}`} verticalAlign="top">
                    {TEXT_COLUMNS.map((column) => {
                      const error = errors.rows?.[index]?.[column.key];
                      return (
                        <Table.Cell key={column.key}>
                          <Field.Root invalid={Boolean(error)} minW={column.minW}>
                            <Input
                              size="sm"
                              {...register(`rows.${index}.${column.key}`)}
                              placeholder={column.key === 'businessUnitName' ? unitName(current[index]?.businessUnitId) : undefined}
                              aria-label={column.label}
                              autoComplete="off"
                              data-testid={`job-type-${index}-${column.key}`}
                            />
                            <Field.ErrorText data-testid={`job-type-${index}-${column.key}-error`}>{error?.message}</Field.ErrorText>
                          </Field.Root>
                        </Table.Cell>
                      );
                    })}
                    <Table.Cell>
                      <NativeSelect.Root size="sm" minW="24">
                        <NativeSelect.Field {...register(`rows.${index}.priority`)} aria-label="Priority" data-testid={`job-type-${index}-priority`}>
                          <option value="">None</option>
                          {PRIORITY_CHOICES.map((p) => (
                            <option key={p} value={p}>
                              {p}
                            </option>
                          ))}
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                    </Table.Cell>
                    <Table.Cell>
                      <Controller
                        control={control}
                        name={`rows.${index}.dispatch`}
                        render={({ field }) => (
                          <Checkbox.Root
                            mt="2"
                            checked={field.value}
                            onCheckedChange={(e) => field.onChange(e.checked === true)}
                            data-testid={`job-type-${index}-dispatch`}
                          >
                            <Checkbox.HiddenInput onBlur={field.onBlur} aria-label="Dispatch" />
                            <Checkbox.Control />
                          </Checkbox.Root>
                        )}
                      />
                    </Table.Cell>
                    <Table.Cell>
                      <NativeSelect.Root size="sm" minW="36">
                        <NativeSelect.Field {...register(`rows.${index}.instruction`)} aria-label="Instruction" data-testid={`job-type-${index}-instruction`}>
                          {JOB_TYPE_INSTRUCTIONS.map((instruction) => (
                            <option key={instruction} value={instruction}>
                              {INSTRUCTION_LABELS[instruction]}
                            </option>
                          ))}
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                    </Table.Cell>
                    <Table.Cell>
                      <Button size="sm" variant="ghost" colorPalette="red" onClick={() => rows.remove(index)} data-testid={`job-type-${index}-remove`}>
                        Remove
                      </Button>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}

        {failure ? (
          <Alert.Root status="error" data-testid="job-types-error">
            <Alert.Indicator />
            <Alert.Description>{failure}</Alert.Description>
          </Alert.Root>
        ) : null}
        <HStack gap="3">
          <Button type="submit" colorPalette="blue" loading={isSubmitting} disabled={!isDirty} data-testid="job-types-save">
            Save job types
          </Button>
          <Button variant="ghost" disabled={!isDirty || isSubmitting} onClick={() => reset()} data-testid="job-types-discard">
            Discard changes
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}

/** The job types an agent may book (000 §3 job_types[]), edited as a table and saved with PUT /agent/job-types. */
export function AgentJobTypesPage({ agentId }: { agentId: string }) {
  const { orgId, hrefFor } = useSelectedOrg();
  const agent = useAgent(agentId);
  const notFound = agent.error instanceof ApiError && (agent.error.status === 404 || agent.error.status === 400);
  const name = agent.data ? (agent.data.friendly_name ?? agentTypeLabel(agent.data.agent_type)) : null;

  return (
    <Page
      title="Job types"
      description={name ? `What ${name} may book, and how.` : undefined}
      actions={
        <Link asChild textStyle="sm" color="blue.fg">
          <RouterLink to={hrefFor(`/agents/${agentId}`)} data-testid="job-types-back">
            ← {name ?? 'The agent'}
          </RouterLink>
        </Link>
      }
    >
      {notFound ? (
        <EmptyNotice symbol="?" title="Agent not found" description="It does not exist, or it belongs to another organization." />
      ) : agent.error ? (
        <ErrorNotice error={agent.error} title="Could not load the agent" onRetry={() => void agent.mutate()} />
      ) : !agent.data || !orgId ? (
        <LoadingNotice label="Loading the agent's job types" />
      ) : (
        <JobTypesEditor key={agent.data.id} agent={agent.data} orgId={orgId} onSaved={(saved) => agent.mutate(saved, { revalidate: false })} />
      )}
    </Page>
  );
}
