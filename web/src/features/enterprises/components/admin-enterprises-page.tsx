import { Alert, Box, Button, Field, HStack, Input, Link, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { EmptyNotice } from '../../../components/empty-notice';
import { ErrorNotice, errorMessage } from '../../../components/error-notice';
import { LoadingNotice } from '../../../components/loading-notice';
import { Page } from '../../../components/page';
import { toastFailed, toastSaved } from '../../../components/toaster';
import { useOrganizationList } from '../../admin-organizations/api/organizations.api';
import { addOrganizationToEnterprise, createEnterprise, useEnterprises } from '../api/enterprises.api';

const adminsFrom = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter((s) => s !== '');

function CreateEnterpriseForm({ onCreated }: { onCreated: () => Promise<unknown> }) {
  const [name, setName] = useState('');
  const [admins, setAdmins] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setFailure(null);
    try {
      const created = await createEnterprise({ name, admins: adminsFrom(admins) });
      toastSaved(`${created.name} created`, 'enterprise-created');
      setName('');
      setAdmins('');
      await onCreated();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Box as="form" onSubmit={submit} borderWidth="1px" borderRadius="l2" bg="bg" p="4" data-testid="enterprise-create-form">
      <Stack gap="3">
        <Text fontWeight="semibold">New enterprise</Text>
        <HStack gap="3" align="flex-end" wrap="wrap">
          <Field.Root required flex="1" minW="48">
            <Field.Label>Name</Field.Label>
            <Input value={name} onChange={(e) => setName(e.currentTarget.value)} data-testid="enterprise-name" />
          </Field.Root>
          <Field.Root flex="2" minW="64">
            <Field.Label>Admins’ e-mails</Field.Label>
            <Input
              value={admins}
              onChange={(e) => setAdmins(e.currentTarget.value)}
              placeholder="regional@example.com, owner@example.com"
              data-testid="enterprise-admins"
            />
          </Field.Root>
          <Button type="submit" loading={saving} data-testid="enterprise-create">
            Create
          </Button>
        </HStack>
        {failure ? (
          <Alert.Root status="error" data-testid="enterprise-create-error">
            <Alert.Indicator />
            <Alert.Description>{failure}</Alert.Description>
          </Alert.Root>
        ) : null}
      </Stack>
    </Box>
  );
}

function AddOrganizationForm({ enterpriseId, onAdded }: { enterpriseId: string; onAdded: () => Promise<unknown> }) {
  const organizations = useOrganizationList();
  const [orgId, setOrgId] = useState('');
  const [saving, setSaving] = useState(false);

  async function add() {
    if (!orgId) return;
    setSaving(true);
    try {
      const res = await addOrganizationToEnterprise({ enterpriseId, orgId });
      toastSaved(res.message, 'enterprise-org-added');
      setOrgId('');
      await onAdded();
    } catch (error) {
      toastFailed('Could not add the organization', errorMessage(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <HStack gap="2">
      <NativeSelect.Root size="sm" width="56">
        <NativeSelect.Field
          value={orgId}
          onChange={(e) => setOrgId(e.currentTarget.value)}
          aria-label="Organization to add"
          data-testid={`enterprise-add-org-${enterpriseId}`}
        >
          <option value="">Add an organization…</option>
          {(organizations.data?.organizations ?? []).map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Button size="sm" variant="outline" onClick={() => void add()} disabled={!orgId} loading={saving}>
        Add
      </Button>
    </HStack>
  );
}

/** Operators: enterprises, their admins, and which organizations each groups. */
export function AdminEnterprisesPage() {
  const enterprises = useEnterprises();
  const list = enterprises.data?.enterprises;
  return (
    <Page title="Enterprises" description="An enterprise groups organizations; its admins open every one of them and see them together.">
      <CreateEnterpriseForm onCreated={() => enterprises.mutate()} />
      {enterprises.error ? <ErrorNotice error={enterprises.error} title="Could not load the enterprises" onRetry={() => void enterprises.mutate()} /> : null}
      {!list && !enterprises.error ? <LoadingNotice label="Loading enterprises…" /> : null}
      {list && list.length === 0 ? <EmptyNotice title="No enterprises yet" description="Create one above, then add its organizations." /> : null}
      {list && list.length > 0 ? (
        <Box overflowX="auto" borderWidth="1px" borderRadius="l2" bg="bg">
          <Table.Root size="sm" data-testid="enterprises-table">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Enterprise</Table.ColumnHeader>
                <Table.ColumnHeader>Admins</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Organizations</Table.ColumnHeader>
                <Table.ColumnHeader />
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {list.map((e) => (
                <Table.Row key={e.id}>
                  <Table.Cell>
                    <Link asChild colorPalette="blue" fontWeight="medium">
                      <RouterLink to={`/enterprise/${e.id}`}>{e.name}</RouterLink>
                    </Link>
                  </Table.Cell>
                  <Table.Cell>{e.admins.join(', ') || '—'}</Table.Cell>
                  <Table.Cell textAlign="end">{e.organizations_count}</Table.Cell>
                  <Table.Cell>
                    <AddOrganizationForm enterpriseId={e.id} onAdded={() => enterprises.mutate()} />
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      ) : null}
    </Page>
  );
}
