import { Alert, Badge, Box, Button, Checkbox, Code, Field, HStack, Heading, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { EmptyNotice } from '../../../components/empty-notice';
import { ErrorNotice } from '../../../components/error-notice';
import { LoadingNotice } from '../../../components/loading-notice';
import { Page } from '../../../components/page';
import { applyApiErrors, requestResolver } from '../../../lib/form-errors';
import { useSelectedOrg } from '../../organizations/selected-org';
import { isNotOrgAdmin, saveCrmConnection, useCrmConnection } from '../api/crm-connection.api';
import {
  buildSaveBody,
  CRM_CHOICES,
  CRM_FIELDS,
  CRM_FORM_FIELDS,
  CRM_LABELS,
  crmFieldOf,
  type CrmField,
  type CrmForm,
  describeConnection,
  formFrom,
  isCrmChoice,
  keptSettings,
  SaveCrmConnectionRequestSchema,
} from '../crm-connection-form';

const NOT_ADMIN = 'Only an organization admin can see or change the CRM connection';

/** The organization's own CRM (ServiceTitan or Housecall Pro) instead of the deployment's: what it is connected to, and connecting it. */
export function CrmConnectionPage() {
  const { orgId } = useSelectedOrg();
  const connection = useCrmConnection(orgId);
  const [loadedFor, setLoadedFor] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const shown = connection.data;
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<CrmForm>({
    defaultValues: formFrom(null),
    // The PUT body this form would send, checked by the API's own crm_config schemas: a field shows the API's message.
    resolver: (values, context, options) =>
      requestResolver<CrmForm>(
        SaveCrmConnectionRequestSchema,
        (form) => buildSaveBody(orgId ?? '', form, keptSettings(shown, form.crmName)),
        CRM_FORM_FIELDS,
        crmFieldOf(values.crmName),
      )(values, context, options),
  });

  useEffect(() => {
    if (!connection.data || !orgId || connection.data.orgId !== orgId || loadedFor === orgId) return;
    reset(formFrom(connection.data));
    setNotice(null);
    setLoadedFor(orgId);
  }, [connection.data, orgId, loadedFor, reset]);

  useEffect(() => {
    const subscription = watch(() => setNotice(null));
    return () => subscription.unsubscribe();
  }, [watch]);

  async function save(form: CrmForm) {
    if (!orgId) return;
    try {
      const saved = await saveCrmConnection(buildSaveBody(orgId, form, keptSettings(shown, form.crmName)));
      await connection.mutate(saved, { revalidate: false });
      reset(formFrom(saved));
      const name = isCrmChoice(saved.crm_name) ? CRM_LABELS[saved.crm_name] : (saved.crm_name ?? 'the CRM');
      setNotice({
        ok: true,
        text: `Connected to ${name}${form.skipCrmTest ? ' (the credentials were not tested)' : ''}. The organization's calls and chats use it from now on.`,
      });
    } catch (error) {
      if (isNotOrgAdmin(error)) return setNotice({ ok: false, text: `${NOT_ADMIN}.` });
      const unplaced = applyApiErrors(error, setError, CRM_FORM_FIELDS, crmFieldOf(form.crmName));
      setNotice({ ok: false, text: unplaced ?? 'Check the marked fields.' });
    }
  }

  const crmName = watch('crmName');
  const fields = CRM_FIELDS[crmName];
  const secrets = fields.filter((f) => f.kind === 'secret').map((f) => f.label.toLowerCase());
  const kept = Object.keys(keptSettings(shown, crmName));
  const failure = notice && !notice.ok ? notice.text : (errors.root?.message ?? null);

  function input(field: CrmField) {
    const name = `values.${crmName}.${field.key}` as const;
    if (field.kind === 'checkbox') {
      return (
        <Controller
          key={name}
          control={control}
          name={name}
          render={({ field: box }) => (
            <Checkbox.Root checked={box.value === true} onCheckedChange={(e) => box.onChange(e.checked === true)} data-testid={`crm-field-${field.key}`}>
              <Checkbox.HiddenInput onBlur={box.onBlur} />
              <Checkbox.Control />
              <Checkbox.Label>{field.label}</Checkbox.Label>
            </Checkbox.Root>
          )}
        />
      );
    }
    const error = errors.values?.[crmName]?.[field.key];
    return (
      <Field.Root key={name} invalid={Boolean(error)}>
        <Field.Label>
          {field.label}
          {field.optional ? (
            <Text as="span" color="fg.muted" fontWeight="normal">
              (optional)
            </Text>
          ) : null}
        </Field.Label>
        <Input
          type={field.kind === 'secret' ? 'password' : 'text'}
          inputMode={field.kind === 'tenant-id' ? 'numeric' : undefined}
          autoComplete={field.kind === 'secret' ? 'new-password' : 'off'}
          placeholder={field.kind === 'secret' && !field.optional && shown?.connected && shown.crm_name === crmName ? 'Enter it again to save' : undefined}
          {...register(name)}
          data-testid={`crm-field-${field.key}`}
        />
        {field.help ? <Field.HelperText>{field.help}</Field.HelperText> : null}
        <Field.ErrorText data-testid={`crm-field-${field.key}-error`}>{error?.message}</Field.ErrorText>
      </Field.Root>
    );
  }

  return (
    <Page
      title="CRM connection"
      description="Connect the organization to its own ServiceTitan or Housecall Pro account, so the agents look up customers and book jobs in it."
    >
      {connection.error ? (
        isNotOrgAdmin(connection.error) ? (
          <Box data-testid="crm-not-admin">
            <EmptyNotice symbol="⊘" title={NOT_ADMIN} description="Ask an admin of this organization to connect its CRM or change its credentials." />
          </Box>
        ) : (
          <ErrorNotice error={connection.error} onRetry={() => void connection.mutate()} />
        )
      ) : !connection.data || loadedFor !== orgId ? (
        <LoadingNotice label="Loading the CRM connection" />
      ) : (
        <form noValidate onSubmit={(event) => void handleSubmit(save)(event)}>
          <Stack gap={5} data-testid="crm-connection">
            <Box borderWidth="1px" borderRadius="md" p={4} bg="white" data-testid="crm-status">
              {connection.data.connected ? (
                <Stack gap={2}>
                  <HStack>
                    <Badge colorPalette="green">Connected</Badge>
                    <Text data-testid="crm-connected-to">
                      {isCrmChoice(connection.data.crm_name) ? CRM_LABELS[connection.data.crm_name] : connection.data.crm_name}
                    </Text>
                  </HStack>
                  {describeConnection(connection.data).map((row) => (
                    <Text key={row.key} fontSize="sm">
                      {row.label}: <Code data-testid={`crm-shown-${row.key}`}>{row.value}</Code>
                    </Text>
                  ))}
                </Stack>
              ) : (
                <HStack>
                  <Badge>Not connected</Badge>
                  <Text fontSize="sm">Uses the deployment's CRM. Connect the organization's own below.</Text>
                </HStack>
              )}
            </Box>
            <Box>
              <Heading as="h2" size="md" mb={1}>
                {connection.data.connected ? 'Change the connection' : 'Connect a CRM'}
              </Heading>
              <Text fontSize="sm" color="fg.muted">
                Secrets are never shown again once saved: enter the {secrets.join(' and ')} each time you save. A secret left empty is not kept.
              </Text>
            </Box>
            <Field.Root>
              <Field.Label>CRM</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field {...register('crmName')} data-testid="crm-name">
                  {CRM_CHOICES.map((c) => (
                    <option key={c} value={c}>
                      {CRM_LABELS[c]}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            {fields.map(input)}
            {kept.length > 0 ? (
              <Text fontSize="sm" color="fg.muted" data-testid="crm-kept">
                Kept from the current connection: {kept.join(', ')}.
              </Text>
            ) : null}
            <Controller
              control={control}
              name="skipCrmTest"
              render={({ field: box }) => (
                <Checkbox.Root checked={box.value} onCheckedChange={(e) => box.onChange(e.checked === true)} data-testid="crm-skip-test">
                  <Checkbox.HiddenInput onBlur={box.onBlur} />
                  <Checkbox.Control />
                  <Checkbox.Label>Skip the credential test (save without checking the CRM accepts them)</Checkbox.Label>
                </Checkbox.Root>
              )}
            />
            {notice?.ok ? (
              <Alert.Root status="success" data-testid="crm-saved">
                <Alert.Indicator />
                <Alert.Description>{notice.text}</Alert.Description>
              </Alert.Root>
            ) : failure ? (
              <Alert.Root status="error" data-testid="crm-error">
                <Alert.Indicator />
                <Alert.Description>{failure}</Alert.Description>
              </Alert.Root>
            ) : null}
            <Box>
              <Button type="submit" loading={isSubmitting} data-testid="crm-save">
                {connection.data.connected ? 'Save connection' : 'Connect'}
              </Button>
            </Box>
          </Stack>
        </form>
      )}
    </Page>
  );
}
