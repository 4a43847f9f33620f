import { Alert, Badge, Box, Button, HStack, Link, List, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useSWRConfig } from 'swr';
import { ErrorNotice, errorMessage } from '../../../components/error-notice';
import { LoadingNotice } from '../../../components/loading-notice';
import { Page } from '../../../components/page';
import { toastSaved } from '../../../components/toaster';
import { SESSION_KEY } from '../../auth/api/session.api';
import type { Session } from '../../auth/api/session.schema';
import { useSelectedOrg } from '../../organizations/selected-org';
import { isNotOrgAdmin, takeLive, useGoLiveChecklist, type GoLiveChecklist } from '../api/go-live.api';

type Requirement = GoLiveChecklist['items'][number]['requirement'];

/** Where each requirement is met in the dashboard. */
const FIX_AT: Record<Requirement, { path: string; label: string }> = {
  agents: { path: '/agents', label: 'Agents' },
  hours: { path: '/availability', label: 'Availability' },
  crm: { path: '/settings/crm', label: 'CRM connection' },
  notifications: { path: '/settings', label: 'Settings' },
};

/** TESTING → LIVE: what the organization still needs, and the button that takes it live once nothing is missing. */
export function GoLivePage() {
  const { orgId, hrefFor } = useSelectedOrg();
  const checklist = useGoLiveChecklist(orgId);
  const { mutate } = useSWRConfig();
  const [going, setGoing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function goLive() {
    if (!orgId) return;
    setGoing(true);
    setFailure(null);
    try {
      const res = await takeLive(orgId);
      toastSaved(res.message, 'go-live-toast');
      // The answer is the new state; the read models behind GET /org/go-live and the session catch up a moment
      // later, so re-reading them at once could show TESTING again.
      const status = res.onboarding_status;
      await Promise.all([
        checklist.mutate((current) => current && { ...current, onboarding_status: status }, { revalidate: false }),
        mutate(
          SESSION_KEY,
          (session?: Session) =>
            session && { ...session, organizations: session.organizations.map((org) => (org.id === orgId ? { ...org, onboarding_status: status } : org)) },
          { revalidate: false },
        ),
      ]);
    } catch (error) {
      setFailure(isNotOrgAdmin(error) ? 'Only an admin of the organization can take it live.' : errorMessage(error));
    } finally {
      setGoing(false);
    }
  }

  const data = checklist.data;
  const live = data?.onboarding_status === 'LIVE';
  const missing = data ? data.items.filter((i) => !i.met).length : 0;
  return (
    <Page
      title="Go live"
      description="While an organization is in testing, its agents answer and notify exactly as they will when live, so test calls show the real thing. Going live marks it ready for its customers."
    >
      {checklist.error ? <ErrorNotice error={checklist.error} title="Could not load the checklist" onRetry={() => void checklist.mutate()} /> : null}
      {!data && !checklist.error ? <LoadingNotice label="Loading the checklist…" /> : null}
      {data ? (
        <Stack gap="5" maxW="3xl">
          <HStack gap="3">
            <Text fontWeight="medium">Status</Text>
            <Badge colorPalette={live ? 'green' : 'orange'} size="lg" data-testid="go-live-status">
              {live ? 'Live' : 'Testing'}
            </Badge>
          </HStack>
          <List.Root variant="plain" gap="3" data-testid="go-live-checklist">
            {data.items.map((item) => (
              <List.Item key={item.requirement} data-testid={`go-live-item-${item.requirement}`} data-met={item.met}>
                <HStack align="flex-start" gap="3" borderWidth="1px" borderRadius="l2" bg="bg" p="4" w="full">
                  <Box
                    flexShrink={0}
                    mt="0.5"
                    w="6"
                    h="6"
                    borderRadius="full"
                    bg={item.met ? 'green.solid' : 'bg.muted'}
                    color={item.met ? 'white' : 'fg.muted'}
                    display="flex"
                    alignItems="center"
                    justifyContent="center"
                    fontSize="sm"
                    aria-label={item.met ? 'done' : 'to do'}
                  >
                    {item.met ? '✓' : '•'}
                  </Box>
                  <Stack gap="0.5" flex="1" minW="0">
                    <Text fontWeight="semibold">{item.label}</Text>
                    <Text color="fg.muted" fontSize="sm">
                      {item.detail}
                    </Text>
                  </Stack>
                  {item.met ? null : (
                    <Link asChild colorPalette="blue" fontSize="sm" flexShrink={0}>
                      <RouterLink to={hrefFor(FIX_AT[item.requirement].path)}>{FIX_AT[item.requirement].label} →</RouterLink>
                    </Link>
                  )}
                </HStack>
              </List.Item>
            ))}
          </List.Root>
          {failure ? (
            <Alert.Root status="error" data-testid="go-live-error">
              <Alert.Indicator />
              <Alert.Description>{failure}</Alert.Description>
            </Alert.Root>
          ) : null}
          {live ? (
            <Alert.Root status="success" data-testid="go-live-done">
              <Alert.Indicator />
              <Alert.Description>This organization is live.</Alert.Description>
            </Alert.Root>
          ) : (
            <HStack gap="3" wrap="wrap">
              <Button onClick={() => void goLive()} loading={going} disabled={!data.ready} data-testid="go-live-button">
                Go live
              </Button>
              {data.ready ? null : (
                <Text color="fg.muted" fontSize="sm">
                  {missing} {missing === 1 ? 'step' : 'steps'} left
                </Text>
              )}
            </HStack>
          )}
        </Stack>
      ) : null}
    </Page>
  );
}
