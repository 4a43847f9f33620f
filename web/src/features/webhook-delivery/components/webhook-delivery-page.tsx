import { Alert, Badge, Box, Button, Code, HStack, Heading, Input, Link, Stack, Table, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { errorMessage, ErrorNotice } from '../../../components/error-notice';
import { LoadingNotice } from '../../../components/loading-notice';
import { Page } from '../../../components/page';
import { useSelectedOrg } from '../../organizations/selected-org';
import { setUpWebhookDelivery, useWebhookAttempts, useWebhookSetup } from '../api/webhook-delivery.api';
import { OrgTime } from '../../organizations/components/org-time';

type Endpoint = { name: string; url: string };

/** 001 §2.18: whether webhook delivery is set up (appId, dashboard URL), setting it up, and recent attempts. */
export function WebhookDeliveryPage() {
  const { orgId } = useSelectedOrg();
  const setup = useWebhookSetup(orgId);
  const attempts = useWebhookAttempts(orgId);
  const [endpoints, setEndpoints] = useState<Endpoint[]>([]);
  const [loadedFor, setLoadedFor] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [secret, setSecret] = useState<string | null>(null);

  useEffect(() => {
    if (!setup.data || !orgId || loadedFor === orgId) return;
    const saved = Object.entries(setup.data.webhook_urls).map(([name, url]) => ({ name, url }));
    setEndpoints(saved.length > 0 ? saved : [{ name: 'default', url: '' }]);
    setLoadedFor(orgId);
  }, [setup.data, orgId, loadedFor]);

  function change(index: number, patch: Partial<Endpoint>) {
    setEndpoints((current) => current.map((e, i) => (i === index ? { ...e, ...patch } : e)));
    setNotice(null);
  }

  async function save() {
    if (!orgId) return;
    setSaving(true);
    setNotice(null);
    try {
      const urls = Object.fromEntries(endpoints.filter((e) => e.name.trim() !== '' && e.url.trim() !== '').map((e) => [e.name.trim(), e.url.trim()]));
      const result = await setUpWebhookDelivery(orgId, urls);
      setSecret(result.signingSecret);
      await setup.mutate({ appId: result.appId, dashboardUrl: result.dashboardUrl, webhook_urls: result.webhook_urls }, { revalidate: false });
      setNotice({ ok: true, text: 'Webhook delivery is set up.' });
    } catch (error) {
      setNotice({ ok: false, text: errorMessage(error) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Page title="Webhook delivery" description="Every finished call and chat posted to your own systems, signed so they can check it came from us.">
      {setup.error ? (
        <ErrorNotice error={setup.error} onRetry={() => void setup.mutate()} />
      ) : !setup.data || loadedFor !== orgId ? (
        <LoadingNotice label="Loading webhook delivery" />
      ) : (
        <Stack gap={5} data-testid="webhook-delivery">
          <Box borderWidth="1px" borderRadius="md" p={4} bg="white" data-testid="webhook-status">
            {setup.data.appId ? (
              <Stack gap={1}>
                <HStack>
                  <Badge colorPalette="green">Set up</Badge>
                  <Text>
                    App <Code data-testid="webhook-app-id">{setup.data.appId}</Code>
                  </Text>
                </HStack>
                {setup.data.dashboardUrl ? (
                  <Text fontSize="sm">
                    Dashboard:{' '}
                    <Link href={setup.data.dashboardUrl} colorPalette="blue" data-testid="webhook-dashboard-url">
                      {setup.data.dashboardUrl}
                    </Link>
                  </Text>
                ) : null}
              </Stack>
            ) : (
              <HStack>
                <Badge>Not set up</Badge>
                <Text fontSize="sm">Add an endpoint and set up delivery to receive csr.call and widget.event.</Text>
              </HStack>
            )}
          </Box>
          <Box>
            <Heading as="h2" size="md" mb={2}>
              Endpoints
            </Heading>
            <Stack gap={2}>
              {endpoints.map((e, i) => (
                <HStack key={i}>
                  <Input
                    size="sm"
                    width="12rem"
                    value={e.name}
                    onChange={(ev) => change(i, { name: ev.target.value })}
                    aria-label="Endpoint name"
                    data-testid={`webhook-name-${i}`}
                  />
                  <Input
                    size="sm"
                    value={e.url}
                    placeholder="https://example.com/homeagent"
                    onChange={(ev) => change(i, { url: ev.target.value })}
                    aria-label="Endpoint URL"
                    data-testid={`webhook-url-${i}`}
                  />
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => (setEndpoints(endpoints.filter((_, j) => j !== i)), setNotice(null))}
                    aria-label={`Remove endpoint ${e.name}`}
                  >
                    Remove
                  </Button>
                </HStack>
              ))}
              <Box>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => setEndpoints([...endpoints, { name: `endpoint-${endpoints.length + 1}`, url: '' }])}
                  data-testid="webhook-add"
                >
                  Add endpoint
                </Button>
              </Box>
            </Stack>
          </Box>
          {notice ? (
            <Alert.Root status={notice.ok ? 'success' : 'error'} data-testid={notice.ok ? 'webhook-saved' : 'webhook-error'}>
              <Alert.Indicator />
              <Alert.Description>{notice.text}</Alert.Description>
            </Alert.Root>
          ) : null}
          {secret ? (
            <Text fontSize="sm" data-testid="webhook-secret">
              Signing secret (Standard Webhooks; verify the webhook-signature header with it): <Code>{secret}</Code>
            </Text>
          ) : null}
          <Box>
            <Button loading={saving} onClick={() => void save()} data-testid="webhook-save">
              {setup.data.appId ? 'Save endpoints' : 'Set up webhook delivery'}
            </Button>
          </Box>
          <Box>
            <Heading as="h2" size="md" mb={2}>
              Recent attempts
            </Heading>
            {attempts.error ? (
              <ErrorNotice error={attempts.error} onRetry={() => void attempts.mutate()} />
            ) : !attempts.data ? (
              <LoadingNotice label="Loading attempts" />
            ) : attempts.data.attempts.length === 0 ? (
              <Text fontSize="sm" color="fg.muted" data-testid="webhook-no-attempts">
                No deliveries yet: each finished call is posted to every endpoint.
              </Text>
            ) : (
              <Table.Root size="sm" variant="outline" data-testid="webhook-attempts">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>When</Table.ColumnHeader>
                    <Table.ColumnHeader>Event</Table.ColumnHeader>
                    <Table.ColumnHeader>Endpoint</Table.ColumnHeader>
                    <Table.ColumnHeader>Attempt</Table.ColumnHeader>
                    <Table.ColumnHeader>Outcome</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {attempts.data.attempts.map((a) => (
                    <Table.Row key={a.id}>
                      <Table.Cell>
                        <OrgTime iso={a.attempted_at} />
                      </Table.Cell>
                      <Table.Cell>{a.event_type}</Table.Cell>
                      <Table.Cell>{a.endpoint}</Table.Cell>
                      <Table.Cell>{a.attempt}</Table.Cell>
                      <Table.Cell>
                        <Badge colorPalette={a.outcome === 'succeeded' ? 'green' : 'red'}>{a.outcome}</Badge> {a.http_status ?? a.error ?? ''}
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            )}
          </Box>
        </Stack>
      )}
    </Page>
  );
}
