import { Stack } from '@chakra-ui/react';
import { EmptyNotice } from '../../../components/empty-notice';
import { ErrorNotice } from '../../../components/error-notice';
import { LoadingNotice } from '../../../components/loading-notice';
import { previousRange, useCallAnalytics } from '../api/analytics.api';
import { AgentTable, CallsPerDayChart, Insights, KpiGrid, MinutesPerDayChart, RangeLabel, TopReasons } from './analytics-figures';

type Props = { orgId: string; from: string; to: string; timeZone: string; detail: 'summary' | 'full' };

/** The call analytics of a range and of the range before it: the Dashboard shows the summary, Analytics the whole. */
export function CallAnalyticsView({ orgId, from, to, timeZone, detail }: Props) {
  const current = useCallAnalytics({ orgId, from, to });
  const previous = useCallAnalytics({ orgId, ...previousRange(from, to) });
  if (current.error) return <ErrorNotice error={current.error} title="Could not load the call figures" onRetry={() => void current.mutate()} />;
  if (!current.data) return <LoadingNotice label="Loading call figures…" />;
  const a = current.data;
  if (a.totalCount === 0)
    return (
      <Stack gap="4">
        <RangeLabel from={from} to={to} timeZone={a.timezone ?? timeZone} />
        <EmptyNotice
          symbol="☎"
          title="No calls in these dates"
          description="Once your AI agents answer calls, this shows your booked rate, calls per day by outcome, after-hours calls captured, revenue booked, minutes handled and the top reasons calls were not booked, each compared with the period before."
        />
      </Stack>
    );
  return (
    <Stack gap="4" data-testid="call-analytics">
      <RangeLabel from={from} to={to} timeZone={a.timezone} />
      <KpiGrid current={a} previous={previous.data} />
      <CallsPerDayChart analytics={a} />
      {detail === 'full' && <MinutesPerDayChart analytics={a} />}
      <TopReasons analytics={a} />
      {detail === 'full' && <AgentTable analytics={a} />}
      <Insights analytics={a} />
    </Stack>
  );
}
