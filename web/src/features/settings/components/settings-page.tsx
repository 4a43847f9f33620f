import { Alert, Badge, Box, Button, Checkbox, Field, Heading, HStack, Input, Link, NativeSelect, Stack, Table, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { ErrorNotice } from '../../../components/error-notice';
import { LoadingNotice } from '../../../components/loading-notice';
import { Page } from '../../../components/page';
import { toastSaved } from '../../../components/toaster';
import { UnsavedChangesGuard } from '../../../components/unsaved-changes';
import { applyApiErrors } from '../../../lib/form-errors';
import { Link as RouterLink } from 'react-router';
import { useOrganization } from '../../organizations/api/organization.api';
import type { Organization } from '../../organizations/api/organization.schema';
import { useSelectedOrg } from '../../organizations/selected-org';
import { updateOrganization } from '../api/notification-settings.api';
import {
  ALLOWED_CHANNELS,
  cellKey,
  CHANNEL_LABELS,
  fromGrid,
  GROUPS,
  RULES,
  type SettingsGrid,
  splitList,
  TIME_LABELS,
  TIMES,
  toGrid,
  type Time,
} from '../notification-settings';

/** The other settings pages, linked below the form. */
const SETTINGS_LINKS = [
  { path: '/settings/go-live', testId: 'settings-go-live-link', label: 'Go live: the checklist that takes the organization from testing to live →' },
  { path: '/settings/webhooks', testId: 'settings-webhooks-link', label: 'Webhook delivery to your own systems →' },
  { path: '/settings/crm', testId: 'settings-crm-link', label: 'CRM connection: your own ServiceTitan or Housecall Pro account →' },
  {
    path: '/settings/voice-platforms',
    testId: 'settings-voice-platforms-link',
    label: 'Voice platforms: Retell, Vapi, Bland and Synthflow webhook and tool URLs, secrets and API keys →',
  },
  {
    path: '/settings/verified-numbers',
    testId: 'settings-verified-numbers-link',
    label: 'Verified numbers: caller IDs your agents may call from →',
  },
  { path: '/settings/company-profile', testId: 'settings-company-profile-link', label: 'Company profile: legal name, address, EIN and contact details →' },
  {
    path: '/settings/custom-instructions',
    testId: 'settings-custom-instructions-link',
    label: 'Custom instructions: leads, call reasons, summaries and job tags →',
  },
] as const;

/** The form as typed: lists as comma-separated text; names follow the PUT /org body so a 400's issues mark them. */
interface SettingsForm {
  notification_settings: SettingsGrid;
  cc_phone_numbers: string;
  cc_emails: string;
  spam_numbers: string;
  zipcodes: string;
  service_area_active: boolean;
  team_chat_webhook_url: string;
  feature_flags: { force_secondary_sms_provider: boolean };
}
const FIELDS = ['notification_settings', 'cc_phone_numbers', 'cc_emails', 'spam_numbers', 'zipcodes', 'team_chat_webhook_url'] as const;

function formOf(org: Organization): SettingsForm {
  return {
    notification_settings: toGrid(org.notification_settings ?? []),
    cc_phone_numbers: (org.cc_phone_numbers ?? []).join(', '),
    cc_emails: (org.cc_emails ?? []).join(', '),
    spam_numbers: (org.spam_numbers ?? []).map((s) => s.phoneNumber).join(', '),
    zipcodes: (org.zipcodes ?? []).join(', '),
    service_area_active: org.service_area_active ?? false,
    team_chat_webhook_url: org.team_chat_webhook_url ?? '',
    feature_flags: { force_secondary_sms_provider: org.feature_flags?.force_secondary_sms_provider === true },
  };
}

/** Short labels so the grid's seven columns fit a laptop screen; the legend spells them out. */
const SHORT_TIME: Record<Time, string> = { ALWAYS: 'Always', AFTER_HOURS: 'After hours', OFFICE_HOURS: 'Office hours', NON_OFFICE_HOURS: 'Not office hrs' };

function NotificationGrid(props: { grid: SettingsGrid; onChange: (grid: SettingsGrid) => void }) {
  const { grid } = props;
  const setTime = (key: keyof SettingsGrid, time: Time | '') => {
    const next = { ...grid };
    if (time) next[key] = time;
    else delete next[key];
    props.onChange(next);
  };
  return (
    <Box overflowX="auto" data-testid="notification-grid">
      <Table.Root size="sm" variant="outline" showColumnBorder>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader rowSpan={2} verticalAlign="bottom" minWidth="8rem" position="sticky" left={0} bg="bg.subtle" zIndex={1}>
              When
            </Table.ColumnHeader>
            {GROUPS.map((g) => (
              <Table.ColumnHeader key={g.id} colSpan={ALLOWED_CHANNELS[g.id].length} textAlign="center">
                {g.label}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
          <Table.Row>
            {GROUPS.flatMap((g) =>
              ALLOWED_CHANNELS[g.id].map((c) => (
                <Table.ColumnHeader key={`${g.id}-${c}`} fontWeight="normal" color="fg.muted" fontSize="xs" textAlign="center">
                  {CHANNEL_LABELS[c]}
                </Table.ColumnHeader>
              )),
            )}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {RULES.map((rule) => (
            <Table.Row key={rule.id}>
              <Table.Cell fontWeight="semibold" position="sticky" left={0} bg="bg" zIndex={1}>
                {rule.label}
              </Table.Cell>
              {GROUPS.flatMap((g) =>
                ALLOWED_CHANNELS[g.id].map((c) => {
                  const key = cellKey(rule.id, g.id, c);
                  const on = Boolean(grid[key]);
                  return (
                    <Table.Cell key={key} px={1} bg={on ? 'blue.50' : undefined}>
                      <NativeSelect.Root size="xs" minWidth="5.75rem">
                        <NativeSelect.Field
                          aria-label={`${rule.label}: ${g.label} by ${CHANNEL_LABELS[c]}`}
                          data-testid={`notify-${rule.id}-${g.id}-${c}`}
                          value={grid[key] ?? ''}
                          fontWeight={on ? 'semibold' : 'normal'}
                          color={on ? 'fg' : 'fg.muted'}
                          onChange={(e) => setTime(key, e.target.value as Time | '')}
                        >
                          <option value="">Off</option>
                          {TIMES.map((t) => (
                            <option key={t} value={t}>
                              {SHORT_TIME[t]}
                            </option>
                          ))}
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                    </Table.Cell>
                  );
                }),
              )}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      <Text fontSize="xs" color="fg.muted" mt={2}>
        {TIMES.map((t) => `${SHORT_TIME[t]}: ${TIME_LABELS[t].toLowerCase()}`).join(' · ')}. Office hours and holidays are set on the Availability page.
      </Text>
    </Box>
  );
}

function SettingsFormView({ org, orgId }: { org: Organization; orgId: string }) {
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<SettingsForm>({ values: formOf(org), resetOptions: { keepDirtyValues: true } });

  const save = handleSubmit(async (form) => {
    setFailure(null);
    setSaved(false);
    try {
      // Spam numbers keep the date they were first added.
      const known = new Map((org.spam_numbers ?? []).map((s) => [s.phoneNumber, s.dateAdded]));
      await updateOrganization({
        id: orgId,
        notification_settings: fromGrid(form.notification_settings),
        cc_emails: splitList(form.cc_emails),
        cc_phone_numbers: splitList(form.cc_phone_numbers),
        spam_numbers: splitList(form.spam_numbers).map((phoneNumber) => ({
          phoneNumber,
          ...(known.has(phoneNumber) ? { dateAdded: known.get(phoneNumber) } : {}),
        })),
        zipcodes: splitList(form.zipcodes),
        service_area_active: form.service_area_active,
        feature_flags: form.feature_flags,
        team_chat_webhook_url: form.team_chat_webhook_url.trim() === '' ? null : form.team_chat_webhook_url.trim(),
      });
      reset(form);
      setSaved(true);
      toastSaved('Settings saved', 'settings-saved-toast');
    } catch (error) {
      setSaved(false);
      setFailure(applyApiErrors(error, setError, FIELDS) ?? 'Some fields need a fix; they are marked.');
    }
  });
  const fieldError = (name: (typeof FIELDS)[number]) => errors[name]?.message as string | undefined;

  return (
    <form noValidate onSubmit={(e) => void save(e)}>
      <UnsavedChangesGuard when={isDirty} what="your settings" />
      <Stack gap={5} data-testid="notification-settings">
        <Box>
          <Heading as="h2" size="lg">
            Notifications
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            For each event, choose who hears about it, how, and when. Times follow your office hours and holidays in {org.timezone ?? 'your time zone'}. The
            office is told at {org.office_email || 'its office e-mail'}; on-call people come from the On-call schedule.
          </Text>
        </Box>
        <Controller control={control} name="notification_settings" render={({ field }) => <NotificationGrid grid={field.value} onChange={field.onChange} />} />
        <Field.Root invalid={Boolean(errors.cc_phone_numbers)}>
          <Field.Label>CC phone numbers</Field.Label>
          <Textarea rows={2} {...register('cc_phone_numbers')} placeholder="+15550001111, +15550002222" data-testid="settings-cc-phones" />
          <Field.HelperText>Text messages for the CC phones column go here, each as +1 followed by 10 digits, separated by commas.</Field.HelperText>
          <Field.ErrorText data-testid="settings-cc-phones-error">{fieldError('cc_phone_numbers')}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.cc_emails)}>
          <Field.Label>CC e-mails</Field.Label>
          <Textarea rows={2} {...register('cc_emails')} placeholder="gm@example.com" data-testid="settings-cc-emails" />
          <Field.HelperText>Copied on the office's e-mails, separated by commas.</Field.HelperText>
          <Field.ErrorText>{fieldError('cc_emails')}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.team_chat_webhook_url)}>
          <Field.Label>Team-chat webhook URL</Field.Label>
          <Input {...register('team_chat_webhook_url')} placeholder="https://hooks.slack.com/services/…" data-testid="settings-team-chat-url" />
          <Field.HelperText>The office's team-chat messages are posted to this incoming webhook. Leave empty to use the deployment's.</Field.HelperText>
          <Field.ErrorText>{fieldError('team_chat_webhook_url')}</Field.ErrorText>
        </Field.Root>
        <Controller
          control={control}
          name="feature_flags.force_secondary_sms_provider"
          render={({ field }) => (
            <Checkbox.Root checked={field.value} onCheckedChange={(e) => field.onChange(e.checked === true)} data-testid="settings-force-secondary-sms">
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>Send text messages through the secondary SMS provider</Checkbox.Label>
            </Checkbox.Root>
          )}
        />
        <Heading as="h2" size="lg">
          Calls and service area
        </Heading>
        <Field.Root invalid={Boolean(errors.spam_numbers)}>
          <Field.Label>Spam numbers</Field.Label>
          <Textarea rows={2} {...register('spam_numbers')} placeholder="+15550009999" data-testid="settings-spam-numbers" />
          <Field.HelperText>Calls from these numbers are marked as spam.</Field.HelperText>
          <Field.ErrorText>{fieldError('spam_numbers')}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.zipcodes)}>
          <Field.Label>Service-area zip codes</Field.Label>
          <Textarea rows={2} {...register('zipcodes')} placeholder="80202, 80203" data-testid="settings-zipcodes" />
          <Field.ErrorText>{fieldError('zipcodes')}</Field.ErrorText>
        </Field.Root>
        <Controller
          control={control}
          name="service_area_active"
          render={({ field }) => (
            <Checkbox.Root checked={field.value} onCheckedChange={(e) => field.onChange(e.checked === true)} data-testid="settings-service-area-active">
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>Only book inside the service area</Checkbox.Label>
            </Checkbox.Root>
          )}
        />
        {failure ? (
          <Alert.Root status="error" data-testid="settings-error">
            <Alert.Indicator />
            <Alert.Description>{failure}</Alert.Description>
          </Alert.Root>
        ) : saved && !isDirty ? (
          <Alert.Root status="success" data-testid="settings-saved">
            <Alert.Indicator />
            <Alert.Description>Settings saved.</Alert.Description>
          </Alert.Root>
        ) : null}
        <HStack gap={3} position="sticky" bottom={0} bg="bg" py={2} borderTopWidth="1px" zIndex={2}>
          <Button type="submit" loading={isSubmitting} data-testid="settings-save">
            Save settings
          </Button>
          <Button type="button" variant="ghost" disabled={!isDirty || isSubmitting} onClick={() => (reset(formOf(org)), setFailure(null))}>
            Discard changes
          </Button>
          {isDirty ? (
            <Badge colorPalette="orange" data-testid="settings-dirty">
              Unsaved changes
            </Badge>
          ) : null}
        </HStack>
        {SETTINGS_LINKS.map((l) => (
          <Text fontSize="sm" key={l.path}>
            <Link asChild colorPalette="blue">
              <RouterLink to={`${l.path}?org=${orgId}`} data-testid={l.testId}>
                {l.label}
              </RouterLink>
            </Link>
          </Text>
        ))}
      </Stack>
    </form>
  );
}

export function SettingsPage() {
  const { orgId } = useSelectedOrg();
  const org = useOrganization(orgId);
  return (
    <Page title="Settings" description="Who is told about your calls, and how.">
      {org.error ? (
        <ErrorNotice error={org.error} onRetry={() => void org.mutate()} />
      ) : !org.data || !orgId || org.data.id !== orgId ? (
        <LoadingNotice label="Loading settings" />
      ) : (
        <SettingsFormView key={orgId} org={org.data} orgId={orgId} />
      )}
    </Page>
  );
}
