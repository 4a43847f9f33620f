import { Alert, Badge, Box, Button, Checkbox, Code, Field, HStack, Heading, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { EmptyNotice } from '../../../components/empty-notice';
import { errorMessage, ErrorNotice } from '../../../components/error-notice';
import { LoadingNotice } from '../../../components/loading-notice';
import { Page } from '../../../components/page';
import { ApiError } from '../../../lib/api-client';
import { useSelectedOrg } from '../../organizations/selected-org';
import { isNotOrgAdmin, saveCrmConnection, useCrmConnection } from '../api/crm-connection.api';
import {
  buildSaveBody,
  CRM_CHOICES,
  CRM_FIELDS,
  CRM_LABELS,
  type CrmChoice,
  type CrmField,
  type CrmForm,
  describeConnection,
  fieldsNamedIn,
  formFrom,
  isCrmChoice,
  keptSettings,
} from '../crm-connection-form';

const NOT_ADMIN = 'Only an organization admin can see or change the CRM connection';

/** The organization's own CRM (ServiceTitan or Housecall Pro) instead of the deployment's: what it is connected to, and connecting it. */
export function CrmConnectionPage() {
  const { orgId } = useSelectedOrg();
  const connection = useCrmConnection(orgId);
  const [form, setForm] = useState<CrmForm>(() => formFrom(null));
  const [loadedFor, setLoadedFor] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [badFields, setBadFields] = useState<string[]>([]);

  useEffect(() => {
    if (!connection.data || !orgId || connection.data.orgId !== orgId || loadedFor === orgId) return;
    setForm(formFrom(connection.data));
    setNotice(null);
    setBadFields([]);
    setLoadedFor(orgId);
  }, [connection.data, orgId, loadedFor]);

  function changed(next: CrmForm) {
    setForm(next);
    setNotice(null);
    setBadFields([]);
  }

  function setValue(key: string, value: string | boolean) {
    changed({ ...form, values: { ...form.values, [form.crmName]: { ...form.values[form.crmName], [key]: value } } });
  }

  async function save() {
    if (!orgId) return;
    setSaving(true);
    setNotice(null);
    setBadFields([]);
    try {
      const saved = await saveCrmConnection(buildSaveBody(orgId, form, keptSettings(connection.data, form.crmName)));
      await connection.mutate(saved, { revalidate: false });
      setForm(formFrom(saved));
      const name = isCrmChoice(saved.crm_name) ? CRM_LABELS[saved.crm_name] : (saved.crm_name ?? 'the CRM');
      setNotice({
        ok: true,
        text: `Connected to ${name}${form.skipCrmTest ? ' (the credentials were not tested)' : ''}. The organization's calls and chats use it from now on.`,
      });
    } catch (error) {
      setNotice({ ok: false, text: isNotOrgAdmin(error) ? `${NOT_ADMIN}.` : errorMessage(error) });
      setBadFields(error instanceof ApiError && error.status === 400 ? fieldsNamedIn(error.message) : []);
    } finally {
      setSaving(false);
    }
  }

  const fields = CRM_FIELDS[form.crmName];
  const values = form.values[form.crmName];
  const secrets = fields.filter((f) => f.kind === 'secret').map((f) => f.label.toLowerCase());
  const kept = Object.keys(keptSettings(connection.data, form.crmName));

  function input(field: CrmField) {
    const value = values[field.key];
    if (field.kind === 'checkbox') {
      return (
        <Checkbox.Root
          key={field.key}
          checked={value === true}
          onCheckedChange={(e) => setValue(field.key, e.checked === true)}
          data-testid={`crm-field-${field.key}`}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{field.label}</Checkbox.Label>
        </Checkbox.Root>
      );
    }
    return (
      <Field.Root key={field.key} invalid={badFields.includes(field.key)}>
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
          placeholder={
            field.kind === 'secret' && !field.optional && connection.data?.connected && connection.data.crm_name === form.crmName
              ? 'Enter it again to save'
              : undefined
          }
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => setValue(field.key, e.target.value)}
          data-testid={`crm-field-${field.key}`}
        />
        {field.help ? <Field.HelperText>{field.help}</Field.HelperText> : null}
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
              <NativeSelect.Field value={form.crmName} onChange={(e) => changed({ ...form, crmName: e.target.value as CrmChoice })} data-testid="crm-name">
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
          <Checkbox.Root checked={form.skipCrmTest} onCheckedChange={(e) => changed({ ...form, skipCrmTest: e.checked === true })} data-testid="crm-skip-test">
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>Skip the credential test (save without checking the CRM accepts them)</Checkbox.Label>
          </Checkbox.Root>
          {notice ? (
            <Alert.Root status={notice.ok ? 'success' : 'error'} data-testid={notice.ok ? 'crm-saved' : 'crm-error'}>
              <Alert.Indicator />
              <Alert.Description>{notice.text}</Alert.Description>
            </Alert.Root>
          ) : null}
          <Box>
            <Button loading={saving} onClick={() => void save()} data-testid="crm-save">
              {connection.data.connected ? 'Save connection' : 'Connect'}
            </Button>
          </Box>
        </Stack>
      )}
    </Page>
  );
}
