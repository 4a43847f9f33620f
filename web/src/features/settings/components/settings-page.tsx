import { Alert, Box, Button, Checkbox, Field, Heading, Input, Link, NativeSelect, Stack, Table, Text, Textarea } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { errorMessage, ErrorNotice } from '../../../components/error-notice';
import { LoadingNotice } from '../../../components/loading-notice';
import { Page } from '../../../components/page';
import { Link as RouterLink } from 'react-router';
import { useOrganization } from '../../organizations/api/organization.api';
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
  { path: '/settings/webhooks', testId: 'settings-webhooks-link', label: 'Webhook delivery to your own systems →' },
  { path: '/settings/crm', testId: 'settings-crm-link', label: 'CRM connection: your own ServiceTitan or Housecall Pro account →' },
  {
    path: '/settings/voice-platforms',
    testId: 'settings-voice-platforms-link',
    label: 'Voice platforms: Retell, Vapi, Bland and Synthflow webhook and tool URLs, secrets and API keys →',
  },
  { path: '/settings/company-profile', testId: 'settings-company-profile-link', label: 'Company profile: legal name, address, EIN and contact details →' },
  {
    path: '/settings/custom-instructions',
    testId: 'settings-custom-instructions-link',
    label: 'Custom instructions: leads, call reasons, summaries and job tags →',
  },
] as const;

export function SettingsPage() {
  const { orgId } = useSelectedOrg();
  const org = useOrganization(orgId);
  const [grid, setGrid] = useState<SettingsGrid>({});
  const [ccPhones, setCcPhones] = useState('');
  const [ccEmails, setCcEmails] = useState('');
  const [spamNumbers, setSpamNumbers] = useState('');
  const [zipcodes, setZipcodes] = useState('');
  const [serviceAreaActive, setServiceAreaActive] = useState(false);
  const [teamChatUrl, setTeamChatUrl] = useState('');
  const [forceSecondarySms, setForceSecondarySms] = useState(false);
  const [loadedFor, setLoadedFor] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    if (!org.data || loadedFor === org.data.id) return;
    setGrid(toGrid(org.data.notification_settings ?? []));
    setCcPhones((org.data.cc_phone_numbers ?? []).join(', '));
    setCcEmails((org.data.cc_emails ?? []).join(', '));
    setSpamNumbers((org.data.spam_numbers ?? []).map((s) => s.phoneNumber).join(', '));
    setZipcodes((org.data.zipcodes ?? []).join(', '));
    setServiceAreaActive(org.data.service_area_active ?? false);
    setTeamChatUrl(org.data.team_chat_webhook_url ?? '');
    setForceSecondarySms(org.data.feature_flags?.force_secondary_sms_provider === true);
    setLoadedFor(org.data.id);
  }, [org.data, loadedFor]);

  function setTime(key: keyof SettingsGrid, time: Time | '') {
    setGrid((current) => {
      const next = { ...current };
      if (time) next[key] = time;
      else delete next[key];
      return next;
    });
    setNotice(null);
  }

  async function save() {
    if (!orgId) return;
    setSaving(true);
    setNotice(null);
    try {
      // Spam numbers keep the date they were first added.
      const known = new Map((org.data?.spam_numbers ?? []).map((s) => [s.phoneNumber, s.dateAdded]));
      await updateOrganization({
        id: orgId,
        notification_settings: fromGrid(grid),
        cc_emails: splitList(ccEmails),
        cc_phone_numbers: splitList(ccPhones),
        spam_numbers: splitList(spamNumbers).map((phoneNumber) => ({ phoneNumber, ...(known.has(phoneNumber) ? { dateAdded: known.get(phoneNumber) } : {}) })),
        zipcodes: splitList(zipcodes),
        service_area_active: serviceAreaActive,
        feature_flags: { force_secondary_sms_provider: forceSecondarySms },
        team_chat_webhook_url: teamChatUrl.trim() === '' ? null : teamChatUrl.trim(),
      });
      setNotice({ ok: true, text: 'Settings saved.' });
    } catch (error) {
      setNotice({ ok: false, text: errorMessage(error) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Page title="Settings" description="Your organization's settings.">
      {org.error ? (
        <ErrorNotice error={org.error} onRetry={() => void org.mutate()} />
      ) : !org.data || loadedFor !== org.data.id ? (
        <LoadingNotice label="Loading settings" />
      ) : (
        <Stack gap={5} data-testid="notification-settings">
          <Box>
            <Heading as="h2" size="lg">
              Notifications
            </Heading>
            <Text color="fg.muted" fontSize="sm">
              For each event, choose who hears about it, how, and when. Times follow your regular hours and holidays in {org.data.timezone ?? 'your time zone'}.
              The office is told at {org.data.office_email || 'its office e-mail'}; on-call people come from the On-call schedule.
            </Text>
          </Box>
          <Box overflowX="auto">
            <Table.Root size="sm" variant="outline">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>When</Table.ColumnHeader>
                  {GROUPS.flatMap((g) =>
                    ALLOWED_CHANNELS[g.id].map((c) => (
                      <Table.ColumnHeader key={`${g.id}-${c}`}>
                        {g.label}
                        <Text fontSize="xs" color="fg.muted">
                          {CHANNEL_LABELS[c]}
                        </Text>
                      </Table.ColumnHeader>
                    )),
                  )}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {RULES.map((rule) => (
                  <Table.Row key={rule.id}>
                    <Table.Cell fontWeight="semibold">{rule.label}</Table.Cell>
                    {GROUPS.flatMap((g) =>
                      ALLOWED_CHANNELS[g.id].map((c) => {
                        const key = cellKey(rule.id, g.id, c);
                        return (
                          <Table.Cell key={key}>
                            <NativeSelect.Root size="xs" minWidth="8.5rem">
                              <NativeSelect.Field
                                aria-label={`${rule.label}: ${g.label} by ${CHANNEL_LABELS[c]}`}
                                data-testid={`notify-${rule.id}-${g.id}-${c}`}
                                value={grid[key] ?? ''}
                                onChange={(e) => setTime(key, e.target.value as Time | '')}
                              >
                                <option value="">Off</option>
                                {TIMES.map((t) => (
                                  <option key={t} value={t}>
                                    {TIME_LABELS[t]}
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
          </Box>
          <Field.Root>
            <Field.Label>CC phone numbers</Field.Label>
            <Textarea
              rows={2}
              value={ccPhones}
              onChange={(e) => (setCcPhones(e.target.value), setNotice(null))}
              placeholder="+15550001111, +15550002222"
              data-testid="settings-cc-phones"
            />
            <Field.HelperText>Text messages for the CC phones group go here, each as +1 followed by 10 digits.</Field.HelperText>
          </Field.Root>
          <Field.Root>
            <Field.Label>CC e-mails</Field.Label>
            <Textarea
              rows={2}
              value={ccEmails}
              onChange={(e) => (setCcEmails(e.target.value), setNotice(null))}
              placeholder="gm@example.com"
              data-testid="settings-cc-emails"
            />
          </Field.Root>
          <Field.Root>
            <Field.Label>Team-chat webhook URL</Field.Label>
            <Input
              value={teamChatUrl}
              onChange={(e) => (setTeamChatUrl(e.target.value), setNotice(null))}
              placeholder="https://hooks.slack.com/services/…"
              data-testid="settings-team-chat-url"
            />
            <Field.HelperText>The office's team-chat messages are posted to this incoming webhook. Leave empty to use the deployment's.</Field.HelperText>
          </Field.Root>
          <Checkbox.Root
            checked={forceSecondarySms}
            onCheckedChange={(e) => (setForceSecondarySms(e.checked === true), setNotice(null))}
            data-testid="settings-force-secondary-sms"
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>Send text messages through the secondary SMS provider</Checkbox.Label>
          </Checkbox.Root>
          <Heading as="h2" size="lg">
            Calls and service area
          </Heading>
          <Field.Root>
            <Field.Label>Spam numbers</Field.Label>
            <Textarea
              rows={2}
              value={spamNumbers}
              onChange={(e) => (setSpamNumbers(e.target.value), setNotice(null))}
              placeholder="+15550009999"
              data-testid="settings-spam-numbers"
            />
          </Field.Root>
          <Field.Root>
            <Field.Label>Service-area zip codes</Field.Label>
            <Textarea
              rows={2}
              value={zipcodes}
              onChange={(e) => (setZipcodes(e.target.value), setNotice(null))}
              placeholder="80202, 80203"
              data-testid="settings-zipcodes"
            />
          </Field.Root>
          <Checkbox.Root
            checked={serviceAreaActive}
            onCheckedChange={(e) => (setServiceAreaActive(e.checked === true), setNotice(null))}
            data-testid="settings-service-area-active"
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>Only book inside the service area</Checkbox.Label>
          </Checkbox.Root>
          {notice ? (
            <Alert.Root status={notice.ok ? 'success' : 'error'} data-testid={notice.ok ? 'settings-saved' : 'settings-error'}>
              <Alert.Indicator />
              <Alert.Description>{notice.text}</Alert.Description>
            </Alert.Root>
          ) : null}
          <Box>
            <Button loading={saving} onClick={() => void save()} data-testid="settings-save">
              Save settings
            </Button>
          </Box>
          {SETTINGS_LINKS.map((l) => (
            <Text fontSize="sm" key={l.path}>
              <Link asChild colorPalette="blue">
                <RouterLink to={`${l.path}?org=${orgId ?? ''}`} data-testid={l.testId}>
                  {l.label}
                </RouterLink>
              </Link>
            </Text>
          ))}
        </Stack>
      )}
    </Page>
  );
}
