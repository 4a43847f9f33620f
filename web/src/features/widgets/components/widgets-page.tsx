import { Alert, Badge, Box, Button, Card, Checkbox, Code, Field, HStack, Input, NativeSelect, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { UpdateWidgetConfigRequestSchema, WIDGET_SERVICES, type UpdateWidgetConfigRequest } from '@contracts/widget.contract';
import { EmptyNotice } from '../../../components/empty-notice';
import { errorMessage, ErrorNotice } from '../../../components/error-notice';
import { LoadingNotice } from '../../../components/loading-notice';
import { Page } from '../../../components/page';
import { ApiError } from '../../../lib/api-client';
import { useSelectedOrg } from '../../organizations/selected-org';
import { createWidget, requestWidgetUpload, saveWidgetConfig, useWidgets, type Widget } from '../api/widgets.api';
import { isLogoContentType, LOGO_ACCEPT, logoFileProblem, logoKey, throughDashboardApi } from '../logo-upload';
import { widgetSnippet } from '../widget-snippet';

type Draft = Pick<
  Widget,
  | 'business_name'
  | 'business_website'
  | 'business_contact'
  | 'welcome_title'
  | 'logo_url'
  | 'primary_color'
  | 'secondary_color'
  | 'text_color'
  | 'theme'
  | 'services'
  | 'dispatch_fee_message'
  | 'is_enabled'
  | 'is_live'
  | 'booking_to_dispatch'
  | 'enable_emergency_button'
>;

const FLAGS = [
  ['is_enabled', 'Enabled'],
  ['is_live', 'Live on the website'],
  ['booking_to_dispatch', 'Send bookings to dispatch'],
  ['enable_emergency_button', 'Show the emergency button'],
] as const;

const draftOf = (w: Widget): Draft => ({
  business_name: w.business_name,
  business_website: w.business_website,
  business_contact: w.business_contact,
  welcome_title: w.welcome_title,
  logo_url: w.logo_url,
  primary_color: w.primary_color,
  secondary_color: w.secondary_color,
  text_color: w.text_color,
  theme: w.theme,
  services: w.services,
  dispatch_fee_message: w.dispatch_fee_message,
  is_enabled: w.is_enabled,
  is_live: w.is_live,
  booking_to_dispatch: w.booking_to_dispatch,
  enable_emergency_button: w.enable_emergency_button,
});

/** What the visitor's launcher and header will look like with these settings. */
function WidgetPreview({ draft }: { draft: Draft }) {
  const dark = draft.theme === 'dark';
  return (
    <Box borderWidth="1px" borderRadius="md" overflow="hidden" data-testid="widget-preview" aria-label="Widget preview">
      <HStack bg={draft.primary_color} color="white" px={4} py={3} fontWeight="semibold" gap={3}>
        {draft.logo_url ? (
          <img src={throughDashboardApi(draft.logo_url)} alt="Logo" height={32} style={{ maxHeight: 32, maxWidth: 96 }} data-testid="widget-preview-logo" />
        ) : null}
        <Text>{draft.welcome_title}</Text>
      </HStack>
      <Stack bg={dark ? 'gray.900' : draft.secondary_color} color={dark ? 'gray.100' : draft.text_color} p={4} gap={2} fontSize="sm">
        <Text>{draft.business_name ?? 'Your business'}</Text>
        {draft.services.map((s) => (
          <Box key={s} borderWidth="1px" borderColor={draft.primary_color} borderRadius="md" px={3} py={1}>
            {s}
          </Box>
        ))}
        {draft.enable_emergency_button ? (
          <Box bg="red.600" color="white" borderRadius="md" px={3} py={1} textAlign="center">
            Emergency? Call now
          </Box>
        ) : null}
        {draft.dispatch_fee_message ? <Text color={dark ? 'gray.400' : 'gray.600'}>{draft.dispatch_fee_message}</Text> : null}
      </Stack>
    </Box>
  );
}

/**
 * Upload logo: checks the file here (type, ≤ 2 MB), asks the API for an upload URL, PUTs the bytes there with their
 * Content-Type, then hands back the URL the file is served at (saved with the widget as logo_url).
 */
function LogoUpload({ orgId, error, onUploaded }: { orgId: string; error?: string; onUploaded: (fileUrl: string) => void }) {
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function upload(input: HTMLInputElement) {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    const refused = logoFileProblem(file);
    setProblem(refused);
    if (refused || !isLogoContentType(file.type)) return;
    setUploading(true);
    try {
      const ticket = await requestWidgetUpload({ orgId, key: logoKey(file.name), contentType: file.type });
      const put = await fetch(throughDashboardApi(ticket.uploadUrl), { method: ticket.method, headers: ticket.headers, body: file });
      if (!put.ok) {
        const body = (await put.json().catch(() => null)) as { message?: string } | null;
        throw new Error(body?.message ?? `The upload failed (HTTP ${put.status}).`);
      }
      onUploaded(ticket.fileUrl);
    } catch (e) {
      setProblem(errorMessage(e));
    } finally {
      setUploading(false);
    }
  }

  return (
    <Field.Root invalid={!!(problem ?? error)} disabled={uploading}>
      <Field.Label>Upload logo</Field.Label>
      <Input
        type="file"
        size="sm"
        p={1}
        accept={LOGO_ACCEPT}
        disabled={uploading}
        aria-busy={uploading}
        onChange={(e) => void upload(e.currentTarget)}
        data-testid="widget-logo-file"
      />
      <Field.HelperText>{uploading ? 'Uploading…' : 'PNG, JPEG, WebP or GIF, at most 2 MB. Save the widget to keep it.'}</Field.HelperText>
      <Field.ErrorText data-testid="widget-logo-error">{problem ?? error}</Field.ErrorText>
    </Field.Root>
  );
}

function WidgetEditor({ orgId, widget, onSaved }: { orgId: string; widget: Widget; onSaved: (saved: Widget) => Promise<void> }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(widget));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [copied, setCopied] = useState(false);
  useEffect(() => setDraft(draftOf(widget)), [widget]);
  const snippet = widgetSnippet(window.location.origin, widget.id);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  async function save() {
    const request: UpdateWidgetConfigRequest = { widgetId: widget.id, orgId, ...draft };
    const parsed = UpdateWidgetConfigRequestSchema.safeParse(request);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? 'form'), i.message])));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await onSaved(await saveWidgetConfig(parsed.data));
    } catch (error) {
      const issues = error instanceof ApiError ? error.issues : undefined;
      setErrors(issues?.length ? Object.fromEntries(issues.map((i) => [i.path.split('.')[0] || 'form', i.message])) : { form: errorMessage(error) });
    } finally {
      setSaving(false);
    }
  }

  const text = (key: 'business_name' | 'business_website' | 'business_contact' | 'welcome_title' | 'dispatch_fee_message', label: string, helper?: string) => (
    <Field.Root invalid={!!errors[key]}>
      <Field.Label>{label}</Field.Label>
      <Input
        size="sm"
        value={draft[key] ?? ''}
        onChange={(e) => set(key, key === 'welcome_title' ? e.target.value : e.target.value || null)}
        data-testid={`widget-${key}`}
      />
      {helper ? <Field.HelperText>{helper}</Field.HelperText> : null}
      <Field.ErrorText>{errors[key]}</Field.ErrorText>
    </Field.Root>
  );
  const colour = (key: 'primary_color' | 'secondary_color' | 'text_color', label: string) => (
    <Field.Root invalid={!!errors[key]}>
      <Field.Label>{label}</Field.Label>
      <Input size="sm" value={draft[key]} onChange={(e) => set(key, e.target.value)} data-testid={`widget-${key}`} />
      <Field.ErrorText>{errors[key]}</Field.ErrorText>
    </Field.Root>
  );

  return (
    <Card.Root data-testid="widget-editor">
      <Card.Header>
        <Card.Title>Configure widget</Card.Title>
      </Card.Header>
      <Card.Body>
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap={6}>
          <Stack gap={3}>
            {text('business_name', 'Business name')}
            {text('business_website', 'Business website', 'The widget works only on pages of this site (with or without www.).')}
            {text('business_contact', 'Business phone', 'What the emergency button and "call us" options dial.')}
            {text('welcome_title', 'Welcome title')}
            <LogoUpload orgId={orgId} error={errors.logo_url} onUploaded={(url) => set('logo_url', url)} />
            {draft.logo_url ? (
              <HStack fontSize="xs" color="fg.muted">
                <Text truncate data-testid="widget-logo_url" title={draft.logo_url}>
                  {draft.logo_url}
                </Text>
                <Button size="2xs" variant="ghost" onClick={() => set('logo_url', null)} data-testid="widget-logo-remove">
                  Remove logo
                </Button>
              </HStack>
            ) : null}
            {colour('primary_color', 'Primary colour')}
            {colour('secondary_color', 'Secondary colour')}
            {colour('text_color', 'Text colour')}
            <Field.Root>
              <Field.Label>Theme</Field.Label>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field value={draft.theme} onChange={(e) => set('theme', e.target.value as Draft['theme'])} data-testid="widget-theme">
                  <option value="light">Light</option>
                  <option value="dark">Dark</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            {text('dispatch_fee_message', 'Dispatch fee message')}
            <Field.Root invalid={!!errors.services}>
              <Field.Label>Services offered</Field.Label>
              <SimpleGrid columns={2} gap={1}>
                {WIDGET_SERVICES.map((s) => (
                  <Checkbox.Root
                    key={s}
                    size="sm"
                    checked={draft.services.includes(s)}
                    onCheckedChange={(e) => set('services', e.checked ? [...draft.services, s] : draft.services.filter((x) => x !== s))}
                  >
                    <Checkbox.HiddenInput data-testid={`widget-service-${s}`} />
                    <Checkbox.Control />
                    <Checkbox.Label>{s}</Checkbox.Label>
                  </Checkbox.Root>
                ))}
              </SimpleGrid>
              <Field.ErrorText>{errors.services}</Field.ErrorText>
            </Field.Root>
            <Stack gap={1}>
              {FLAGS.map(([key, label]) => (
                <Checkbox.Root key={key} size="sm" checked={draft[key]} onCheckedChange={(e) => set(key, !!e.checked)}>
                  <Checkbox.HiddenInput data-testid={`widget-${key}`} />
                  <Checkbox.Control />
                  <Checkbox.Label>{label}</Checkbox.Label>
                </Checkbox.Root>
              ))}
            </Stack>
            {errors.form ? (
              <Text color="fg.error" fontSize="sm" data-testid="widget-error">
                {errors.form}
              </Text>
            ) : null}
            <HStack>
              <Button size="sm" loading={saving} onClick={() => void save()} data-testid="widget-save">
                Save
              </Button>
            </HStack>
          </Stack>
          <Stack gap={4}>
            <WidgetPreview draft={draft} />
            <Box>
              <Text fontWeight="semibold" mb={1}>
                Add it to your website
              </Text>
              <Text fontSize="sm" color="fg.muted" mb={2}>
                Paste this tag before the closing body tag of every page that should show the widget.
              </Text>
              <Code display="block" whiteSpace="pre-wrap" wordBreak="break-all" p={2} data-testid="widget-snippet">
                {snippet}
              </Code>
              <Button
                size="xs"
                mt={2}
                variant="outline"
                data-testid="widget-copy-snippet"
                onClick={() =>
                  void navigator.clipboard.writeText(snippet).then(
                    () => setCopied(true),
                    () => setCopied(false),
                  )
                }
              >
                {copied ? 'Copied' : 'Copy snippet'}
              </Button>
            </Box>
          </Stack>
        </SimpleGrid>
      </Card.Body>
    </Card.Root>
  );
}

export function WidgetsPage() {
  const { orgId } = useSelectedOrg();
  const widgets = useWidgets(orgId);
  const [selected, setSelected] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [creating, setCreating] = useState(false);
  const current = widgets.data?.find((w) => w.id === selected) ?? widgets.data?.[0] ?? null;

  async function create() {
    if (!orgId) return;
    setCreating(true);
    try {
      const created = await createWidget(orgId);
      await widgets.mutate();
      setSelected(created.id);
      setNotice({ ok: true, text: 'Widget created. It takes bookings with its default steps; adjust it below.' });
    } catch (error) {
      setNotice({ ok: false, text: errorMessage(error) });
    } finally {
      setCreating(false);
    }
  }

  return (
    <Page
      title="Widgets"
      description="The booking widget on your website: its look, the services it offers, and the tag to add it to your pages."
      actions={
        <Button size="sm" loading={creating} onClick={() => void create()} data-testid="widget-create">
          New widget
        </Button>
      }
    >
      <Stack gap={4}>
        {notice ? (
          <Alert.Root status={notice.ok ? 'success' : 'error'} data-testid={notice.ok ? 'widgets-notice' : 'widgets-error'}>
            <Alert.Indicator />
            <Alert.Description>{notice.text}</Alert.Description>
          </Alert.Root>
        ) : null}
        {widgets.error ? (
          <ErrorNotice error={widgets.error} onRetry={() => void widgets.mutate()} />
        ) : !widgets.data ? (
          <LoadingNotice label="Loading widgets" />
        ) : widgets.data.length === 0 ? (
          <EmptyNotice symbol="▣" title="No widget yet" description="Create a widget to let visitors of your website book a visit." />
        ) : (
          <>
            <Table.Root size="sm" data-testid="widgets-table">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Widget</Table.ColumnHeader>
                  <Table.ColumnHeader>Status</Table.ColumnHeader>
                  <Table.ColumnHeader />
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {widgets.data.map((w) => (
                  <Table.Row key={w.id} data-testid={`widget-row-${w.id}`}>
                    <Table.Cell>
                      <Text fontWeight="medium">{w.business_name ?? w.welcome_title}</Text>
                      <Text fontSize="xs" color="fg.muted">
                        {w.services.join(', ')}
                      </Text>
                    </Table.Cell>
                    <Table.Cell>
                      <HStack gap={1}>
                        <Badge colorPalette={w.is_enabled ? 'green' : 'gray'}>{w.is_enabled ? 'Enabled' : 'Disabled'}</Badge>
                        {w.is_live ? <Badge colorPalette="blue">Live</Badge> : null}
                      </HStack>
                    </Table.Cell>
                    <Table.Cell textAlign="end">
                      <Button size="xs" variant="outline" onClick={() => setSelected(w.id)} data-testid={`widget-edit-${w.id}`}>
                        Edit
                      </Button>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
            {current && orgId ? (
              <WidgetEditor
                key={current.id}
                orgId={orgId}
                widget={current}
                onSaved={async (saved) => {
                  await widgets.mutate();
                  setNotice({ ok: true, text: `Saved ${saved.business_name ?? saved.welcome_title}.` });
                }}
              />
            ) : null}
          </>
        )}
      </Stack>
    </Page>
  );
}
