import { Alert, Badge, Box, Button, Checkbox, Code, Field, HStack, Heading, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import {
  ACTIVE_VOICE_PROVIDERS,
  VOICE_PLATFORM_NAMES,
  type ActiveVoiceProvider,
  type VoicePlatformView,
  type VoicePlatformsView,
} from '@contracts/voice-platforms.contract';
import { EmptyNotice } from '../../../components/empty-notice';
import { errorMessage, ErrorNotice } from '../../../components/error-notice';
import { LoadingNotice } from '../../../components/loading-notice';
import { Page } from '../../../components/page';
import { useSelectedOrg } from '../../organizations/selected-org';
import { isNotOrgAdmin, saveVoicePlatform, useVoicePlatforms } from '../api/voice-platforms.api';
import {
  buildChange,
  describeChange,
  formFrom,
  generateToolSecret,
  SECRET_FIELDS,
  WEBHOOK_SECRET_HELP,
  type PlatformForm,
  type SecretKey,
} from '../voice-platforms-form';

const NOT_ADMIN = 'Only an organization admin can see or change the voice platforms';
type Notice = { ok: boolean; text: string } | null;

/** Settings → Voice platforms: per platform the URLs to paste into its console and the secrets; which one places the calls. */
export function VoicePlatformsPage() {
  const { orgId } = useSelectedOrg();
  const platforms = useVoicePlatforms(orgId);

  return (
    <Page
      title="Voice platforms"
      description="Connect Retell, Vapi, Bland or Synthflow: paste the webhook and tool URLs into the platform's console, and set the secrets it signs and calls with here."
    >
      {platforms.error ? (
        isNotOrgAdmin(platforms.error) ? (
          <Box data-testid="voice-not-admin">
            <EmptyNotice symbol="⊘" title={NOT_ADMIN} description="Ask an admin of this organization to set up its voice platforms." />
          </Box>
        ) : (
          <ErrorNotice error={platforms.error} onRetry={() => void platforms.mutate()} />
        )
      ) : !platforms.data || !orgId || platforms.data.orgId !== orgId ? (
        <LoadingNotice label="Loading the voice platforms" />
      ) : (
        <Stack gap={5} data-testid="voice-platforms">
          {!platforms.data.publicApiUrlConfigured ? (
            <Alert.Root status="warning" data-testid="voice-public-url-warning">
              <Alert.Indicator />
              <Alert.Description>
                PUBLIC_API_URL is not set, so these URLs use the API's own address. A voice platform on the internet cannot reach it: set PUBLIC_API_URL to the
                address the platforms should call.
              </Alert.Description>
            </Alert.Root>
          ) : null}
          <ActiveProviderPicker orgId={orgId} view={platforms.data} onSaved={(v) => void platforms.mutate(v, { revalidate: false })} />
          <SimpleGrid columns={{ base: 1, xl: 2 }} gap={4}>
            {platforms.data.platforms.map((platform) => (
              <PlatformCard key={platform.provider} orgId={orgId} platform={platform} onSaved={(v) => void platforms.mutate(v, { revalidate: false })} />
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </Page>
  );
}

function ActiveProviderPicker({ orgId, view, onSaved }: { orgId: string; view: VoicePlatformsView; onSaved: (view: VoicePlatformsView) => void }) {
  const [choice, setChoice] = useState<ActiveVoiceProvider>(view.activeProvider);
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  useEffect(() => setChoice(view.activeProvider), [view.activeProvider]);

  async function save() {
    setSaving(true);
    setNotice(null);
    try {
      const saved = await saveVoicePlatform(orgId, choice, { active: true });
      onSaved(saved);
      setNotice({ ok: true, text: `Outbound calls are placed with ${VOICE_PLATFORM_NAMES[saved.activeProvider]} from now on.` });
    } catch (error) {
      setNotice({ ok: false, text: isNotOrgAdmin(error) ? `${NOT_ADMIN}.` : errorMessage(error) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Box borderWidth="1px" borderRadius="md" p={4} bg="white" data-testid="voice-active">
      <Stack gap={3}>
        <Heading as="h2" size="md">
          Calls are placed with
        </Heading>
        <HStack align="end" gap={3} flexWrap="wrap">
          <Field.Root maxW="xs">
            <Field.Label>Active voice provider</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field value={choice} onChange={(e) => setChoice(e.target.value as ActiveVoiceProvider)} data-testid="voice-active-select">
                {ACTIVE_VOICE_PROVIDERS.map((p) => (
                  <option key={p} value={p}>
                    {VOICE_PLATFORM_NAMES[p]}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Button loading={saving} disabled={choice === view.activeProvider} onClick={() => void save()} data-testid="voice-active-save">
            Use this provider
          </Button>
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          Outbound and batch calls, phone numbers and recordings go through it; it needs its API key. The sandbox places calls offline. Webhooks and tool calls
          are accepted from every platform below.
        </Text>
        {notice ? <NoticeAlert notice={notice} testId="voice-active" /> : null}
      </Stack>
    </Box>
  );
}

function PlatformCard({ orgId, platform, onSaved }: { orgId: string; platform: VoicePlatformView; onSaved: (view: VoicePlatformsView) => void }) {
  const [form, setForm] = useState<PlatformForm>(() => formFrom(platform));
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  // A tool secret is ours to choose and the vendor's to present: shown once after the save, to paste into its tools.
  const [savedToolSecret, setSavedToolSecret] = useState<string | null>(null);
  const change = buildChange(form, platform);
  const id = platform.provider;

  function edit(next: PlatformForm) {
    setForm(next);
    setNotice(null);
    setSavedToolSecret(null);
  }
  const setSecret = (key: SecretKey, value: string) => edit({ ...form, secrets: { ...form.secrets, [key]: value } });
  const setClear = (key: SecretKey, value: boolean) => edit({ ...form, clear: { ...form.clear, [key]: value } });

  async function save() {
    if (!change) return;
    setSaving(true);
    setNotice(null);
    try {
      const saved = await saveVoicePlatform(orgId, platform.provider, change);
      onSaved(saved);
      setForm(formFrom(saved.platforms.find((p) => p.provider === platform.provider) ?? platform));
      setNotice({ ok: true, text: `Saved. ${describeChange(platform.name, change)}` });
      setSavedToolSecret(typeof change.toolSecret === 'string' ? change.toolSecret : null);
    } catch (error) {
      setNotice({ ok: false, text: isNotOrgAdmin(error) ? `${NOT_ADMIN}.` : errorMessage(error) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Box borderWidth="1px" borderRadius="md" p={4} bg="white" data-testid={`voice-platform-${id}`}>
      <Stack gap={4}>
        <HStack justify="space-between">
          <Heading as="h2" size="md">
            {platform.name}
          </Heading>
          {platform.active ? (
            <Badge colorPalette="green" data-testid={`voice-${id}-active`}>
              Places the calls
            </Badge>
          ) : null}
        </HStack>

        <Stack gap={2}>
          <CopyRow label="Webhook URL" value={platform.webhookUrl} testId={`voice-${id}-webhook-url`} />
          <CopyRow label="Tool URL (every tool)" value={platform.toolUrl} testId={`voice-${id}-tool-url`} />
          <Text fontSize="sm">
            Tool secret header: <Code data-testid={`voice-${id}-tool-header`}>{platform.toolSecretHeader}</Code>
          </Text>
        </Stack>

        {SECRET_FIELDS.map((field) => {
          const current = platform[field.key];
          return (
            <Field.Root key={field.key}>
              <Field.Label>
                {field.label}
                {current ? (
                  <Badge colorPalette="green" data-testid={`voice-${id}-${field.key}-shown`}>
                    Set {current}
                  </Badge>
                ) : (
                  <Badge data-testid={`voice-${id}-${field.key}-shown`}>Not set</Badge>
                )}
              </Field.Label>
              <HStack width="full">
                <Input
                  type={field.key === 'toolSecret' && form.secrets.toolSecret.startsWith('ts_') ? 'text' : 'password'}
                  autoComplete="new-password"
                  placeholder={current ? 'Type a new value to replace it' : 'Not set'}
                  value={form.secrets[field.key]}
                  onChange={(e) => setSecret(field.key, e.target.value)}
                  data-testid={`voice-${id}-${field.key}`}
                />
                {field.key === 'toolSecret' ? (
                  <Button variant="outline" onClick={() => setSecret('toolSecret', generateToolSecret())} data-testid={`voice-${id}-generate`}>
                    Generate
                  </Button>
                ) : null}
              </HStack>
              <Field.HelperText>{field.key === 'webhookSecret' ? `${WEBHOOK_SECRET_HELP[platform.provider]} ${field.help}` : field.help}</Field.HelperText>
              {current ? (
                <Checkbox.Root
                  size="sm"
                  checked={form.clear[field.key]}
                  disabled={form.secrets[field.key].trim() !== ''}
                  onCheckedChange={(e) => setClear(field.key, e.checked === true)}
                  data-testid={`voice-${id}-${field.key}-clear`}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>Clear it</Checkbox.Label>
                </Checkbox.Root>
              ) : null}
            </Field.Root>
          );
        })}

        <Field.Root>
          <Field.Label>
            API base URL
            <Text as="span" color="fg.muted" fontWeight="normal">
              (optional)
            </Text>
          </Field.Label>
          <Input
            value={form.baseUrl}
            placeholder="The platform's public API"
            onChange={(e) => edit({ ...form, baseUrl: e.target.value })}
            data-testid={`voice-${id}-baseUrl`}
          />
        </Field.Root>

        {notice ? <NoticeAlert notice={notice} testId={`voice-${id}`} /> : null}
        {savedToolSecret ? (
          <Box borderWidth="1px" borderColor="blue.200" bg="blue.50" borderRadius="md" p={3} data-testid={`voice-${id}-tool-secret-once`}>
            <CopyRow
              label={`The tool secret, shown this once: put it in the ${platform.toolSecretHeader} header of every tool in ${platform.name}`}
              value={savedToolSecret}
              testId={`voice-${id}-tool-secret-value`}
            />
          </Box>
        ) : null}
        <Box>
          <Button loading={saving} disabled={!change} onClick={() => void save()} data-testid={`voice-${id}-save`}>
            Save {platform.name}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

function CopyRow({ label, value, testId }: { label: string; value: string; testId: string }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      setCopied(false); // no clipboard (plain http): the value stays selectable
    }
  }
  return (
    <Stack gap={1}>
      <Text fontSize="sm" fontWeight="medium">
        {label}
      </Text>
      <HStack>
        <Code flex="1" p={2} wordBreak="break-all" data-testid={testId}>
          {value}
        </Code>
        <Button size="sm" variant="outline" onClick={() => void copy()} data-testid={`${testId}-copy`}>
          {copied === true ? 'Copied' : copied === false ? 'Select and copy' : 'Copy'}
        </Button>
      </HStack>
    </Stack>
  );
}

function NoticeAlert({ notice, testId }: { notice: NonNullable<Notice>; testId: string }) {
  return (
    <Alert.Root status={notice.ok ? 'success' : 'error'} data-testid={notice.ok ? `${testId}-saved` : `${testId}-error`}>
      <Alert.Indicator />
      <Alert.Description>{notice.text}</Alert.Description>
    </Alert.Root>
  );
}
