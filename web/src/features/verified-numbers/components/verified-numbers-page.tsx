import { Alert, Badge, Box, Button, Card, Code, Field, HStack, Input, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { AddVerifiedCallerIdRequestSchema } from '@contracts/verified-caller-ids.contract';
import { EmptyNotice } from '../../../components/empty-notice';
import { errorMessage, ErrorNotice } from '../../../components/error-notice';
import { LoadingNotice } from '../../../components/loading-notice';
import { Page } from '../../../components/page';
import { useSelectedOrg } from '../../organizations/selected-org';
import {
  addVerifiedNumber,
  confirmVerifiedNumber,
  deleteVerifiedNumber,
  refreshVerifiedNumber,
  renameVerifiedNumber,
  requestNewCode,
  useVerifiedNumbers,
  type VerifiedCallerId,
} from '../api/verified-numbers.api';
import { numberStatus } from '../verified-numbers';

type Notice = { ok: boolean; text: string };

function AddNumberForm(props: { orgId: string; onAdded: (added: VerifiedCallerId) => Promise<void> }) {
  const [phone, setPhone] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<{ phone_number?: string; friendly_name?: string; form?: string }>({});
  const [saving, setSaving] = useState(false);

  async function add() {
    const request = { org_id: props.orgId, phone_number: phone.trim(), ...(name.trim() ? { friendly_name: name.trim() } : {}) };
    const parsed = AddVerifiedCallerIdRequestSchema.safeParse(request);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? 'form'), i.message])));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await props.onAdded(await addVerifiedNumber(parsed.data));
      setPhone('');
      setName('');
    } catch (error) {
      setErrors({ form: errorMessage(error) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card.Root data-testid="add-number">
      <Card.Header>
        <Card.Title>Add a number</Card.Title>
        <Card.Description>
          Your agents can show a verified number as the caller ID on outbound calls. Adding one starts a verification: the telephony provider calls it and asks
          for the code shown here.
        </Card.Description>
      </Card.Header>
      <Card.Body>
        <HStack gap={4} align="start" wrap="wrap">
          <Field.Root required invalid={!!errors.phone_number} width="16rem">
            <Field.Label>Phone number</Field.Label>
            <Input size="sm" placeholder="+15125550142" value={phone} onChange={(e) => setPhone(e.target.value)} data-testid="add-number-phone" />
            <Field.ErrorText>{errors.phone_number}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={!!errors.friendly_name} width="18rem">
            <Field.Label>Name (optional)</Field.Label>
            <Input size="sm" placeholder="Main office" value={name} onChange={(e) => setName(e.target.value)} data-testid="add-number-name" />
            <Field.ErrorText>{errors.friendly_name}</Field.ErrorText>
          </Field.Root>
          <Box pt={6}>
            <Button size="sm" loading={saving} onClick={() => void add()} data-testid="add-number-submit">
              Add and verify
            </Button>
          </Box>
        </HStack>
        {errors.form ? (
          <Text color="fg.error" fontSize="sm" mt={2} data-testid="add-number-error">
            {errors.form}
          </Text>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}

function NumberRow(props: { orgId: string; number: VerifiedCallerId; onChanged: (notice: Notice) => Promise<void> }) {
  const { orgId, number: n } = props;
  const status = numberStatus(n);
  const [code, setCode] = useState('');
  const [renaming, setRenaming] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const testId = (what: string) => `number-${what}-${n.id}`;

  async function act(what: string, run: () => Promise<string>) {
    setBusy(what);
    try {
      await props.onChanged({ ok: true, text: await run() });
    } catch (error) {
      await props.onChanged({ ok: false, text: errorMessage(error) });
    } finally {
      setBusy(null);
    }
  }

  return (
    <Table.Row data-testid={testId('row')}>
      <Table.Cell>
        {renaming !== null ? (
          <HStack gap={1}>
            <Input
              size="xs"
              width="12rem"
              aria-label="Name"
              value={renaming}
              onChange={(e) => setRenaming(e.target.value)}
              data-testid={testId('name-input')}
            />
            <Button
              size="xs"
              loading={busy === 'rename'}
              data-testid={testId('name-save')}
              onClick={() =>
                void act('rename', async () => {
                  const saved = await renameVerifiedNumber(orgId, n.id, renaming);
                  setRenaming(null);
                  return `Renamed to “${saved.friendly_name}”.`;
                })
              }
            >
              Save
            </Button>
            <Button size="xs" variant="ghost" onClick={() => setRenaming(null)}>
              Cancel
            </Button>
          </HStack>
        ) : (
          <Text fontWeight="semibold">{n.friendly_name}</Text>
        )}
        <Text fontSize="sm" color="fg.muted">
          {n.phone_number}
        </Text>
      </Table.Cell>
      <Table.Cell>
        <Badge colorPalette={status.palette} data-testid={testId('status')}>
          {status.label}
        </Badge>
        {status.instruction ? (
          <Stack gap={2} mt={2} maxW="26rem">
            <Text fontSize="sm">
              Code{' '}
              <Code fontSize="md" letterSpacing="widest" data-testid={testId('code')}>
                {n.validation_code}
              </Code>
            </Text>
            <Text fontSize="xs" color="fg.muted">
              {status.instruction}
            </Text>
            {status.confirmHere ? (
              <HStack gap={1}>
                <Input
                  size="xs"
                  width="7rem"
                  inputMode="numeric"
                  aria-label="Code"
                  placeholder="6 digits"
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
                  data-testid={testId('code-input')}
                />
                <Button
                  size="xs"
                  loading={busy === 'confirm'}
                  data-testid={testId('confirm')}
                  onClick={() =>
                    void act('confirm', async () => {
                      await confirmVerifiedNumber(orgId, n.id, code.trim());
                      return `${n.phone_number} is verified.`;
                    })
                  }
                >
                  Confirm
                </Button>
              </HStack>
            ) : null}
          </Stack>
        ) : null}
      </Table.Cell>
      <Table.Cell>
        <HStack gap={1} justify="end" wrap="wrap">
          {!n.verified ? (
            <>
              <Button
                size="xs"
                variant="ghost"
                loading={busy === 'refresh'}
                data-testid={testId('refresh')}
                onClick={() =>
                  void act('refresh', async () => {
                    const fresh = await refreshVerifiedNumber(orgId, n.id);
                    return fresh.verified ? `${n.phone_number} is verified.` : `${n.phone_number} is not verified yet: the code has not been entered.`;
                  })
                }
              >
                Check status
              </Button>
              <Button
                size="xs"
                variant="ghost"
                loading={busy === 'code'}
                data-testid={testId('new-code')}
                onClick={() =>
                  void act('code', async () => {
                    const answer = await requestNewCode(orgId, n.phone_number);
                    return `New code ${answer.validation_code} for ${n.phone_number}.`;
                  })
                }
              >
                New code
              </Button>
            </>
          ) : null}
          <Button size="xs" variant="ghost" onClick={() => setRenaming(n.friendly_name)} disabled={renaming !== null} data-testid={testId('rename')}>
            Rename
          </Button>
          {confirmDelete ? (
            <>
              <Button
                size="xs"
                colorPalette="red"
                loading={busy === 'delete'}
                data-testid={testId('confirm-delete')}
                onClick={() =>
                  void act('delete', async () => {
                    await deleteVerifiedNumber(orgId, n.id);
                    return `${n.phone_number} deleted${n.verified ? ' here and at the telephony provider' : ''}.`;
                  })
                }
              >
                Confirm delete
              </Button>
              <Button size="xs" variant="ghost" onClick={() => setConfirmDelete(false)}>
                Keep
              </Button>
            </>
          ) : (
            <Button size="xs" variant="ghost" colorPalette="red" onClick={() => setConfirmDelete(true)} data-testid={testId('delete')}>
              Delete
            </Button>
          )}
        </HStack>
      </Table.Cell>
    </Table.Row>
  );
}

export function VerifiedNumbersPage() {
  const { orgId } = useSelectedOrg();
  const numbers = useVerifiedNumbers(orgId);
  const [notice, setNotice] = useState<Notice | null>(null);

  // The API answers once the read model shows the change, so reloading the list shows it.
  async function changed(next: Notice) {
    setNotice(next);
    await numbers.mutate();
  }

  return (
    <Page title="Verified numbers" description="Outbound caller IDs your agents may call from, verified with the telephony provider.">
      <Stack gap={4}>
        {orgId ? (
          <AddNumberForm
            orgId={orgId}
            onAdded={(added) => changed({ ok: true, text: `${added.phone_number} added. ${numberStatus(added).instruction ?? 'It is verified.'}` })}
          />
        ) : null}
        {notice ? (
          <Alert.Root status={notice.ok ? 'success' : 'error'} data-testid={notice.ok ? 'numbers-notice' : 'numbers-error'}>
            <Alert.Indicator />
            <Alert.Description>{notice.text}</Alert.Description>
          </Alert.Root>
        ) : null}
        {numbers.error ? (
          <ErrorNotice error={numbers.error} onRetry={() => void numbers.mutate()} />
        ) : !numbers.data ? (
          <LoadingNotice label="Loading verified numbers" />
        ) : numbers.data.length === 0 ? (
          <EmptyNotice
            symbol="☎"
            title="No verified numbers yet"
            description="Add your office line or a technician's mobile to show it as the caller ID when your agents call customers."
          />
        ) : (
          <Table.Root size="sm" data-testid="numbers-table">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Number</Table.ColumnHeader>
                <Table.ColumnHeader>Status</Table.ColumnHeader>
                <Table.ColumnHeader />
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {numbers.data.map((n) => (
                <NumberRow key={n.id} orgId={orgId!} number={n} onChanged={changed} />
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </Stack>
    </Page>
  );
}
