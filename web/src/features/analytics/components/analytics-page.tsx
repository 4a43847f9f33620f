import { Button, Field, Flex, Group, Heading, Input } from '@chakra-ui/react';
import { useState } from 'react';
import { EmptyNotice } from '../../../components/empty-notice';
import { ErrorNotice } from '../../../components/error-notice';
import { LoadingNotice } from '../../../components/loading-notice';
import { Page } from '../../../components/page';
import { useOrganization } from '../../organizations/api/organization.api';
import { useSelectedOrg } from '../../organizations/selected-org';
import { daysBetween } from '../api/analytics.api';
import { addDays, todayIn } from '../../../lib/days';
import { CallAnalyticsView } from './call-analytics-view';
import { ChatWidgetAnalyticsView } from './chat-widget-analytics-view';

const PRESETS = [7, 30, 90] as const;

export function AnalyticsPage() {
  const { orgId } = useSelectedOrg();
  const { data: org, error, mutate } = useOrganization(orgId);
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);

  if (orgId === null)
    return (
      <Page title="Analytics">
        <EmptyNotice title="No organization yet" description="Your account is not linked to an organization. Ask your administrator to add you." />
      </Page>
    );
  if (error)
    return (
      <Page title="Analytics">
        <ErrorNotice error={error} title="Could not load the organization" onRetry={() => void mutate()} />
      </Page>
    );
  if (!org)
    return (
      <Page title="Analytics">
        <LoadingNotice label="Loading organization…" />
      </Page>
    );

  const today = todayIn(org.timezone);
  const { from, to } = range ?? { from: addDays(today, -29), to: today };
  const length = daysBetween(from, to);
  const valid = from <= to && length <= 400;

  return (
    <Page
      title="Analytics"
      description="How your AI agents perform: calls, bookings, revenue, the reasons calls were not booked, and your website chat widget."
    >
      <Flex gap="3" wrap="wrap" align="flex-end">
        <Group attached>
          {PRESETS.map((days) => (
            <Button
              key={days}
              size="sm"
              variant={length === days && to === today ? 'solid' : 'outline'}
              onClick={() => setRange({ from: addDays(today, -(days - 1)), to: today })}
              data-testid={`range-${days}`}
            >
              Last {days} days
            </Button>
          ))}
        </Group>
        <Field.Root w="auto">
          <Field.Label textStyle="xs">From</Field.Label>
          <Input
            size="sm"
            type="date"
            value={from}
            max={to}
            onChange={(e) => e.target.value && setRange({ from: e.target.value, to })}
            data-testid="range-from"
          />
        </Field.Root>
        <Field.Root w="auto">
          <Field.Label textStyle="xs">To</Field.Label>
          <Input
            size="sm"
            type="date"
            value={to}
            min={from}
            onChange={(e) => e.target.value && setRange({ from, to: e.target.value })}
            data-testid="range-to"
          />
        </Field.Root>
      </Flex>
      {valid ? (
        <>
          <CallAnalyticsView orgId={orgId} from={from} to={to} timeZone={org.timezone} detail="full" />
          <Heading as="h2" size="lg" mt="4" data-testid="website-chat-heading">
            Website chat
          </Heading>
          <ChatWidgetAnalyticsView orgId={orgId} from={from} to={to} />
        </>
      ) : (
        <EmptyNotice title="Pick a shorter range" description="Choose a start date before the end date, at most 400 days apart." />
      )}
    </Page>
  );
}
