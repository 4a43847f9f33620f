import { Grid, Heading, Stack } from '@chakra-ui/react';
import { addDays, todayIn } from '../../../lib/days';
import { CallAnalyticsView } from '../../analytics/components/call-analytics-view';
import { EmptyNotice } from '../../../components/empty-notice';
import { ErrorNotice } from '../../../components/error-notice';
import { LoadingNotice } from '../../../components/loading-notice';
import { Page } from '../../../components/page';
import { useOrganization } from '../../organizations/api/organization.api';
import { OrganizationDetails } from '../../organizations/components/organization-details';
import { useSelectedOrg } from '../../organizations/selected-org';
import { RecentCallsCard } from '../../calls/components/recent-calls-card';

export function DashboardHomePage() {
  const { orgId, organization } = useSelectedOrg();
  const { data, error, mutate } = useOrganization(orgId);

  return (
    <Page title="Dashboard" description={organization ? `Overview of ${organization.name}` : undefined}>
      {orgId === null ? (
        <EmptyNotice title="No organization yet" description="Your account is not linked to an organization. Ask your administrator to add you." />
      ) : error ? (
        <ErrorNotice error={error} title="Could not load the organization" onRetry={() => void mutate()} />
      ) : !data ? (
        <LoadingNotice label="Loading organization…" />
      ) : (
        <Stack gap="6">
          <Stack gap="3">
            <Heading size="lg">Last 7 days</Heading>
            <CallAnalyticsView
              orgId={data.id}
              from={addDays(todayIn(data.timezone), -6)}
              to={todayIn(data.timezone)}
              timeZone={data.timezone}
              detail="summary"
            />
          </Stack>
          <Grid templateColumns={{ base: '1fr', xl: '3fr 2fr' }} gap="6" alignItems="start">
            <OrganizationDetails organization={data} />
            <RecentCallsCard />
          </Grid>
        </Stack>
      )}
    </Page>
  );
}
