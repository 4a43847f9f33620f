import { BarList, useChart, type BarListData } from '@chakra-ui/charts';
import { Card, Heading, SimpleGrid, Skeleton, Stack, Stat, Table, Text } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { EmptyNotice } from '../../../components/empty-notice';
import { ErrorNotice } from '../../../components/error-notice';
import { LoadingNotice } from '../../../components/loading-notice';
import { useChatWidgetStats, type ChatWidgetStats } from '../api/analytics.api';

// recharts loads after the figures, as the call charts do (analytics-figures.tsx).
const ChatsPerDayBars = lazy(() => import('./analytics-charts').then((m) => ({ default: m.ChatsPerDayBars })));

const money = (n: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(n);
const count = (n: number) => new Intl.NumberFormat('en-US').format(n);

/** The API's change on the period before: percent, or percentage points for the booking rate. */
function Trend({ change, points, lowerIsBetter }: { change: number | null; points?: boolean; lowerIsBetter?: boolean }) {
  if (change === null)
    return (
      <Text color="fg.muted" textStyle="xs">
        No earlier figure to compare
      </Text>
    );
  if (change === 0)
    return (
      <Text color="fg.muted" textStyle="xs">
        Same as the period before
      </Text>
    );
  const up = change > 0;
  const good = lowerIsBetter ? !up : up;
  return (
    <Text color={good ? 'green.fg' : 'red.fg'} textStyle="xs" data-testid="chat-kpi-change">
      {up ? '▲' : '▼'} {Math.abs(change)}
      {points ? ' points' : '%'} {up ? 'higher' : 'lower'} than the period before
    </Text>
  );
}

function Kpis({ stats }: { stats: ChatWidgetStats }) {
  const t = stats.trends;
  const kpis = [
    {
      key: 'leads',
      label: 'Chat leads',
      value: count(stats.totalLeads),
      trend: <Trend change={t.totalLeadsChange} />,
      help: 'Visitors who gave a phone number',
    },
    {
      key: 'booked',
      label: 'Appointments booked',
      value: count(stats.totalApptBooked),
      trend: <Trend change={t.totalApptBookedChange} />,
      help: 'Bookings the CRM took',
    },
    { key: 'rate', label: 'Booking rate', value: `${stats.bookingRate}%`, trend: <Trend change={t.bookingRateChange} points />, help: 'Booked ÷ leads' },
    {
      key: 'time',
      label: 'Average time to book',
      value: stats.totalApptBooked === 0 ? '—' : stats.avgBookingTime,
      trend: <Trend change={t.avgBookingTimeChange} lowerIsBetter />,
      help: 'From the phone number to the booking',
    },
    {
      key: 'revenue',
      label: 'Revenue booked',
      value: stats.avgJobRevenue === null ? '—' : money(stats.totalRevenue),
      trend: <Trend change={stats.avgJobRevenue === null ? null : t.totalRevenueChange} />,
      help:
        stats.avgJobRevenue === null
          ? 'Shown once your administrator sets the average job revenue'
          : `Bookings × ${money(stats.avgJobRevenue)} average job revenue`,
    },
  ];
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, lg: 5 }} gap="4">
      {kpis.map((k) => (
        <Card.Root key={k.key} size="sm" data-testid={`chat-kpi-${k.key}`}>
          <Card.Body>
            <Stat.Root>
              <Stat.Label>{k.label}</Stat.Label>
              <Stat.ValueText data-testid="chat-kpi-value">{k.value}</Stat.ValueText>
              {k.trend}
              <Stat.HelpText color="fg.muted">{k.help}</Stat.HelpText>
            </Stat.Root>
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}

function Panel({ title, description, children, testId }: { title: string; description?: string; children: React.ReactNode; testId?: string }) {
  return (
    <Card.Root data-testid={testId} minW="0">
      <Card.Header pb="0">
        <Heading size="md">{title}</Heading>
        {description && (
          <Text color="fg.muted" textStyle="sm">
            {description}
          </Text>
        )}
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

/** Bars of named counts, in the order given (the funnel keeps its stage order). */
function Bars({ rows, color, keepOrder }: { rows: { name: string; value: number }[]; color: string; keepOrder?: boolean }) {
  const chart = useChart<BarListData>({
    ...(keepOrder ? {} : { sort: { by: 'value', direction: 'desc' } }),
    data: rows,
    series: [{ name: 'name', color }],
  });
  return (
    <BarList.Root chart={chart}>
      <BarList.Content>
        <BarList.Bar />
        <BarList.Value />
      </BarList.Content>
    </BarList.Root>
  );
}

const DEVICE_WORDS: Record<string, string> = { MOBILE: 'Mobile', DESKTOP: 'Desktop' };

/** Analytics' "Website chat" section: the widget's figures for the range (001 §2.8 chat-widget analytics). */
export function ChatWidgetAnalyticsView({ orgId, from, to }: { orgId: string; from: string; to: string }) {
  const { data, error, mutate } = useChatWidgetStats({ orgId, from, to });
  if (error) return <ErrorNotice error={error} title="Could not load the website chat figures" onRetry={() => void mutate()} />;
  if (!data) return <LoadingNotice label="Loading website chat figures…" />;
  if (data.totalLeads === 0)
    return (
      <EmptyNotice
        symbol="✉"
        title="No website chats in these dates"
        description="Once visitors use your website widget, this shows leads, bookings, the booking funnel, devices, services and chats per day."
      />
    );
  return (
    <Stack gap="4" data-testid="chat-analytics">
      <Kpis stats={data} />
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <Panel title="Booking funnel" description="Chats that reached each step" testId="chat-funnel">
          <Bars keepOrder rows={data.funnelStages.map((f) => ({ name: `${f.label} (${f.percentage}%)`, value: f.count }))} color="teal.subtle" />
        </Panel>
        <Panel title="Chats per day" description={`Days in ${data.timezone} (company time)`} testId="chat-per-day">
          <Suspense fallback={<Skeleton width="100%" aspectRatio="landscape" maxH="xs" borderRadius="l2" aria-label="Loading chart" />}>
            <ChatsPerDayBars stats={data} />
          </Suspense>
        </Panel>
        <Panel title="Devices" testId="chat-devices">
          <Bars
            rows={data.deviceDistribution.map((d) => ({ name: `${DEVICE_WORDS[d.device] ?? d.device} (${d.percentage}%)`, value: d.count }))}
            color="purple.subtle"
          />
        </Panel>
        <Panel title="Services asked for" testId="chat-services">
          <Bars rows={data.serviceDistribution.map((s) => ({ name: `${s.service} (${s.percentage}%)`, value: s.count }))} color="blue.subtle" />
        </Panel>
      </SimpleGrid>
      <Panel title="Services that book" description="Bookings and conversion by the service the visitor picked" testId="chat-campaigns">
        {data.topCampaigns.length === 0 ? (
          <Text color="fg.muted">No visitor picked a service in these dates.</Text>
        ) : (
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Service</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Chats</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Booked</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Conversion</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.topCampaigns.map((c) => (
                <Table.Row key={c.serviceName}>
                  <Table.Cell>{c.serviceName}</Table.Cell>
                  <Table.Cell textAlign="end">{count(c.totalChats)}</Table.Cell>
                  <Table.Cell textAlign="end">{count(c.count)}</Table.Cell>
                  <Table.Cell textAlign="end">{c.conversionRate}%</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </Panel>
    </Stack>
  );
}
