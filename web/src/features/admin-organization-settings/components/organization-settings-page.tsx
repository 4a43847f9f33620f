import { Button, Field, Input, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { EmptyNotice } from '../../../components/empty-notice';
import { ErrorNotice } from '../../../components/error-notice';
import { LoadingNotice } from '../../../components/loading-notice';
import { Page } from '../../../components/page';
import { applyApiErrors } from '../../../lib/form-errors';
import {
  setAvgJobRevenue,
  setBillingId,
  setEmergencyStrategy,
  setOfficeEmail,
  useOrganizationSettings,
  type OrganizationSettingsRow,
} from '../api/organization-settings.api';

type RowValues = { stripe_billing_id: string; officeEmail: string; slotStrategy: string; avgJobRevenue: string };
const FIELDS = ['stripe_billing_id', 'officeEmail', 'slotStrategy', 'avgJobRevenue'] as const;
const STRATEGY_LABELS: Record<string, string> = {
  earliest: 'Earliest slot',
  oncall_technician_availability: 'On-call technician availability',
  acp_emergency: 'Emergency capacity (ACP)',
};

function valuesOf(row: OrganizationSettingsRow): RowValues {
  return {
    stripe_billing_id: row.stripe_billing_id ?? '',
    officeEmail: row.office_email ?? '',
    slotStrategy: row.slot_strategy.name,
    avgJobRevenue: row.avg_job_revenue === null ? '' : String(row.avg_job_revenue),
  };
}

/** The strategy to send for a chosen name: the saved one when it is unchanged (it carries its args), else the name's default. */
function strategyFor(name: string, row: OrganizationSettingsRow): OrganizationSettingsRow['slot_strategy'] {
  if (name === row.slot_strategy.name) return row.slot_strategy;
  if (name === 'earliest') return { name: 'earliest', args: { bufferMinutes: 60, durationHours: 2 } };
  return { name: 'oncall_technician_availability' };
}

function OrganizationSettingsFormRow({ row }: { row: OrganizationSettingsRow }) {
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    resetField,
    formState: { errors, isSubmitting, dirtyFields },
  } = useForm<RowValues>({ defaultValues: valuesOf(row) });
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);

  async function save(values: RowValues) {
    setNotice(null);
    clearErrors();
    // Each setting is its own admin route; only what changed is sent, and one refusal does not stop the others.
    const saves: Array<[keyof RowValues, () => Promise<unknown>]> = [];
    if (dirtyFields.stripe_billing_id) saves.push(['stripe_billing_id', () => setBillingId(row.id, values.stripe_billing_id)]);
    if (dirtyFields.officeEmail) saves.push(['officeEmail', () => setOfficeEmail(row.id, values.officeEmail)]);
    if (dirtyFields.slotStrategy) saves.push(['slotStrategy', () => setEmergencyStrategy(row.id, strategyFor(values.slotStrategy, row))]);
    if (dirtyFields.avgJobRevenue) saves.push(['avgJobRevenue', () => setAvgJobRevenue(row.id, values.avgJobRevenue)]);
    if (saves.length === 0) {
      setNotice({ ok: true, text: 'Nothing to save' });
      return;
    }
    const results = await Promise.allSettled(saves.map(([, send]) => send()));
    const failures: string[] = [];
    results.forEach((result, i) => {
      const field = saves[i][0];
      // The read model follows each save's event, so the saved value becomes the field's own.
      if (result.status === 'fulfilled') resetField(field, { defaultValue: values[field] });
      else {
        const unplaced = applyApiErrors(result.reason, setError, FIELDS);
        if (unplaced) failures.push(unplaced);
      }
    });
    if (results.every((r) => r.status === 'fulfilled')) setNotice({ ok: true, text: 'Saved' });
    else setNotice({ ok: false, text: failures.length > 0 ? failures.join('; ') : 'Not saved: see the marked fields' });
  }

  return (
    <Table.Row data-testid="organization-settings-row" data-org-id={row.id}>
      <Table.Cell fontWeight="medium" verticalAlign="top">
        {row.name}
      </Table.Cell>
      <Table.Cell verticalAlign="top">
        <Field.Root invalid={Boolean(errors.stripe_billing_id)}>
          <Input size="sm" aria-label={`Billing id of ${row.name}`} placeholder="18 characters" {...register('stripe_billing_id')} />
          <Field.ErrorText>{errors.stripe_billing_id?.message}</Field.ErrorText>
        </Field.Root>
      </Table.Cell>
      <Table.Cell verticalAlign="top">
        <Field.Root invalid={Boolean(errors.officeEmail)}>
          <Input size="sm" type="email" aria-label={`Office e-mail of ${row.name}`} {...register('officeEmail')} />
          <Field.ErrorText>{errors.officeEmail?.message}</Field.ErrorText>
        </Field.Root>
      </Table.Cell>
      <Table.Cell verticalAlign="top">
        <Field.Root invalid={Boolean(errors.slotStrategy)}>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field aria-label={`Emergency strategy of ${row.name}`} {...register('slotStrategy')}>
              {['earliest', 'oncall_technician_availability', ...(row.slot_strategy.name === 'acp_emergency' ? ['acp_emergency'] : [])].map((name) => (
                <option key={name} value={name}>
                  {STRATEGY_LABELS[name]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.ErrorText>{errors.slotStrategy?.message}</Field.ErrorText>
        </Field.Root>
      </Table.Cell>
      <Table.Cell verticalAlign="top">
        <Field.Root invalid={Boolean(errors.avgJobRevenue)}>
          <Input size="sm" inputMode="decimal" aria-label={`Average job revenue of ${row.name}`} placeholder="USD" {...register('avgJobRevenue')} />
          <Field.ErrorText>{errors.avgJobRevenue?.message}</Field.ErrorText>
        </Field.Root>
      </Table.Cell>
      <Table.Cell verticalAlign="top">
        <Stack gap="1" align="flex-start">
          <Button size="sm" colorPalette="blue" loading={isSubmitting} onClick={() => void handleSubmit(save)()} data-testid="save-organization-settings">
            Save
          </Button>
          {notice && (
            <Text textStyle="xs" color={notice.ok ? 'fg.success' : 'fg.error'} role="status" data-testid="organization-settings-notice">
              {notice.text}
            </Text>
          )}
        </Stack>
      </Table.Cell>
    </Table.Row>
  );
}

export function OrganizationSettingsPage() {
  const settings = useOrganizationSettings();
  return (
    <Page
      title="Organization settings"
      description="Billing customer id, office e-mail, emergency slot strategy and average job revenue of every organization. Each row is saved on its own."
    >
      {settings.error ? (
        <ErrorNotice error={settings.error} />
      ) : !settings.data ? (
        <LoadingNotice label="Loading organizations" />
      ) : settings.data.length === 0 ? (
        <EmptyNotice title="No organizations yet" description="Onboard one under Organizations." />
      ) : (
        <Table.ScrollArea borderWidth="1px" borderRadius="l2">
          <Table.Root size="sm" data-testid="organization-settings-table">
            <Table.Header>
              <Table.Row bg="bg.subtle">
                <Table.ColumnHeader>Organization</Table.ColumnHeader>
                <Table.ColumnHeader>Billing id</Table.ColumnHeader>
                <Table.ColumnHeader>Office e-mail</Table.ColumnHeader>
                <Table.ColumnHeader>Emergency strategy</Table.ColumnHeader>
                <Table.ColumnHeader>Avg. job revenue</Table.ColumnHeader>
                <Table.ColumnHeader />
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {settings.data.map((row) => (
                <OrganizationSettingsFormRow key={row.id} row={row} />
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Page>
  );
}
