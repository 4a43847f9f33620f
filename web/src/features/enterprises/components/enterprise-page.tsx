import { Badge, Box, Link, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { Link as RouterLink, useParams } from 'react-router';
import { EmptyNotice } from '../../../components/empty-notice';
import { ErrorNotice } from '../../../components/error-notice';
import { LoadingNotice } from '../../../components/loading-notice';
import { Page } from '../../../components/page';
import { useCallAnalytics } from '../../analytics/api/analytics.api';
import { addDays, todayIn } from '../../../lib/days';
import { withOrgQuery } from '../../organizations/org-selection';
import { useEnterprise, type Enterprise } from '../api/enterprises.api';

type Org = Enterprise['organizations'][number];

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** One organization's last seven days, each day counted on the organization's own clock by the API. */
function OrgRow({ org, from, to }: { org: Org; from: string; to: string }) {
  const analytics = useCallAnalytics({ orgId: org.id, from, to });
  const a = analytics.data;
  const cell = (value: number | string | null | undefined) => (analytics.error ? '—' : a ? (value ?? '—') : '…');
  return (
    <Table.Row data-testid={`enterprise-org-${org.slug}`}>
      <Table.Cell>
        <Link asChild colorPalette="blue" fontWeight="medium">
          <RouterLink to={withOrgQuery('/', '', org.id)}>{org.name}</RouterLink>
        </Link>
      </Table.Cell>
      <Table.Cell>
        <Badge colorPalette={org.onboarding_status === 'LIVE' ? 'green' : 'orange'}>{org.onboarding_status === 'LIVE' ? 'Live' : 'Testing'}</Badge>
      </Table.Cell>
      <Table.Cell textAlign="end">{cell(a?.totalCount)}</Table.Cell>
      <Table.Cell textAlign="end">{cell(a?.totalBooked)}</Table.Cell>
      <Table.Cell textAlign="end">{cell(a ? (a.agentStats.AI_CSR.bookingRate === null ? '—' : `${a.agentStats.AI_CSR.bookingRate}%`) : undefined)}</Table.Cell>
    </Table.Row>
  );
}

/** 001 §2.19: an enterprise's organizations together, each with its last seven days of calls. */
export function EnterprisePage() {
  const { enterpriseId = '' } = useParams();
  const enterprise = useEnterprise(enterpriseId);
  const to = todayIn(browserZone());
  const from = addDays(to, -6);
  const e = enterprise.data;
  const live = e ? e.organizations.filter((o) => o.onboarding_status === 'LIVE').length : 0;
  return (
    <Page title={e?.name ?? 'Enterprise'} description="Every organization of the enterprise, with its calls of the last seven days.">
      {enterprise.error ? <ErrorNotice error={enterprise.error} title="Could not load the enterprise" onRetry={() => void enterprise.mutate()} /> : null}
      {!e && !enterprise.error ? <LoadingNotice label="Loading the enterprise…" /> : null}
      {e ? (
        <Stack gap="6">
          <SimpleGrid columns={{ base: 2, md: 3 }} gap="4" maxW="3xl">
            <Box borderWidth="1px" borderRadius="l2" bg="bg" p="4">
              <Text color="fg.muted" fontSize="sm">
                Organizations
              </Text>
              <Text fontSize="2xl" fontWeight="semibold" data-testid="enterprise-org-count">
                {e.organizations.length}
              </Text>
            </Box>
            <Box borderWidth="1px" borderRadius="l2" bg="bg" p="4">
              <Text color="fg.muted" fontSize="sm">
                Live
              </Text>
              <Text fontSize="2xl" fontWeight="semibold">
                {live}
              </Text>
            </Box>
            <Box borderWidth="1px" borderRadius="l2" bg="bg" p="4" display={{ base: 'none', md: 'block' }}>
              <Text color="fg.muted" fontSize="sm">
                Admins
              </Text>
              <Text fontSize="sm" mt="1" truncate>
                {e.admins.join(', ') || 'None'}
              </Text>
            </Box>
          </SimpleGrid>
          {e.organizations.length === 0 ? (
            <EmptyNotice title="No organizations yet" description="An operator adds organizations to the enterprise on the Enterprises page." />
          ) : (
            <Box overflowX="auto" borderWidth="1px" borderRadius="l2" bg="bg">
              <Table.Root size="sm" data-testid="enterprise-orgs">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>Organization</Table.ColumnHeader>
                    <Table.ColumnHeader>Status</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Calls, 7 days</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Booked</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Booking rate</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {e.organizations.map((org) => (
                    <OrgRow key={org.id} org={org} from={from} to={to} />
                  ))}
                </Table.Body>
              </Table.Root>
            </Box>
          )}
        </Stack>
      ) : null}
    </Page>
  );
}
