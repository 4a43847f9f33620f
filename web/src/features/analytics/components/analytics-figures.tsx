import { BarList, Chart, useChart, type BarListData } from '@chakra-ui/charts';
import { Badge, Box, Card, Flex, Heading, List, SimpleGrid, Stat, Table, Text } from '@chakra-ui/react';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import type { CallAnalytics } from '../api/analytics.api';
import { shortDate } from '../api/analytics.api';

const money = (n: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(n);
const count = (n: number) => new Intl.NumberFormat('en-US').format(n);
const plural = (n: number, one: string, many = `${one}s`) => `${count(n)} ${n === 1 ? one : many}`;
const readableTag = (tag: string) => {
  const words = tag.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

type Kpi = { key: string; label: string; value: string; current: number | null; previous: number | null; help: string; unit?: 'points' };

/** The change on the period before, in words a manager reads at a glance. */
function Change({ current, previous, unit }: { current: number | null; previous: number | null; unit?: 'points' }) {
  if (current === null || previous === null)
    return (
      <Text color="fg.muted" textStyle="xs">
        No earlier figure to compare
      </Text>
    );
  const diff = current - previous;
  if (diff === 0)
    return (
      <Text color="fg.muted" textStyle="xs">
        Same as the period before
      </Text>
    );
  const up = diff > 0;
  const text =
    unit === 'points' ? `${Math.abs(Math.round(diff * 10) / 10)} points` : previous === 0 ? 'new' : `${Math.abs(Math.round((diff / previous) * 100))}%`;
  return (
    <Text color={up ? 'green.fg' : 'red.fg'} textStyle="xs" data-testid="kpi-change">
      {up ? '▲' : '▼'} {text} {up ? 'higher' : 'lower'} than the period before
    </Text>
  );
}

export function KpiGrid({ current, previous }: { current: CallAnalytics; previous: CallAnalytics | undefined }) {
  const rate = (a: CallAnalytics | undefined) => a?.agentStats.AI_CSR.bookingRate ?? null;
  const kpis: Kpi[] = [
    {
      key: 'booked-rate',
      label: 'Booked rate',
      value: rate(current) === null ? '—' : `${rate(current)}%`,
      current: rate(current),
      previous: rate(previous),
      help: 'Booked ÷ (booked + unbooked) calls of your AI agents',
      unit: 'points',
    },
    {
      key: 'calls',
      label: 'Calls handled',
      value: count(current.totalCount),
      current: current.totalCount,
      previous: previous?.totalCount ?? null,
      help: `${count(current.totalBooked)} booked, ${count(current.totalUnbooked)} unbooked`,
    },
    {
      key: 'after-hours',
      label: 'After-hours calls captured',
      value: count(current.afterHours.calls),
      current: current.afterHours.calls,
      previous: previous?.afterHours.calls ?? null,
      help: `${plural(current.afterHours.booked, 'job')} booked outside office hours`,
    },
    {
      key: 'revenue',
      label: 'Revenue booked',
      value: current.avgJobRevenue === null ? '—' : money(current.totalRevenue),
      current: current.avgJobRevenue === null ? null : current.totalRevenue,
      previous: previous && previous.avgJobRevenue !== null ? previous.totalRevenue : null,
      help:
        current.avgJobRevenue === null
          ? 'Shown once your administrator sets the average job revenue'
          : `Booked calls × ${money(current.avgJobRevenue)} average job revenue`,
    },
    {
      key: 'minutes',
      label: 'Minutes handled',
      value: count(Math.round(current.totalMinutes)),
      current: current.totalMinutes,
      previous: previous?.totalMinutes ?? null,
      help: 'Talk time your agents handled',
    },
  ];
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, lg: 5 }} gap="4">
      {kpis.map((k) => (
        <Card.Root key={k.key} size="sm" data-testid={`kpi-${k.key}`}>
          <Card.Body>
            <Stat.Root>
              <Stat.Label>{k.label}</Stat.Label>
              <Stat.ValueText data-testid="kpi-value">{k.value}</Stat.ValueText>
              <Change current={k.current} previous={k.previous} unit={k.unit} />
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

export function CallsPerDayChart({ analytics }: { analytics: CallAnalytics }) {
  const data = analytics.dailyCallCounts.map((d) => ({
    day: shortDate(d.date),
    Booked: d.booked,
    Unbooked: d.unbooked,
    Excused: d.excused,
    Other: Math.max(0, d.calls - d.booked - d.unbooked - d.excused),
  }));
  const chart = useChart({
    data,
    series: [
      { name: 'Booked', color: 'green.solid', stackId: 'a' },
      { name: 'Unbooked', color: 'orange.solid', stackId: 'a' },
      { name: 'Excused', color: 'blue.solid', stackId: 'a' },
      { name: 'Other', color: 'gray.emphasized', stackId: 'a' },
    ],
  });
  return (
    <Panel title="Calls per day by outcome" description={`Days in ${analytics.timezone} (company time)`} testId="chart-calls-per-day">
      <Chart.Root maxH="xs" chart={chart}>
        {/* Recharts 3 draws nothing for a chart without a width and height; `responsive` takes them from Chart.Root's box. */}
        <BarChart responsive data={chart.data}>
          <CartesianGrid stroke={chart.color('border.muted')} vertical={false} />
          <XAxis axisLine={false} tickLine={false} dataKey={chart.key('day')} minTickGap={12} />
          <YAxis axisLine={false} tickLine={false} allowDecimals={false} width={32} />
          <Tooltip cursor={{ fill: chart.color('bg.muted') }} animationDuration={100} content={<Chart.Tooltip />} />
          <Legend content={<Chart.Legend />} />
          {chart.series.map((item) => (
            <Bar isAnimationActive={false} key={item.name} dataKey={chart.key(item.name)} fill={chart.color(item.color)} stackId={item.stackId} />
          ))}
        </BarChart>
      </Chart.Root>
    </Panel>
  );
}

export function MinutesPerDayChart({ analytics }: { analytics: CallAnalytics }) {
  const chart = useChart({
    data: analytics.dailyCallCounts.map((d) => ({ day: shortDate(d.date), Minutes: d.minutes, 'After hours': d.afterHours })),
    series: [{ name: 'Minutes', color: 'teal.solid' }],
  });
  return (
    <Panel title="Minutes handled per day" description={`Days in ${analytics.timezone} (company time)`} testId="chart-minutes">
      <Chart.Root maxH="xs" chart={chart}>
        <BarChart responsive data={chart.data}>
          <CartesianGrid stroke={chart.color('border.muted')} vertical={false} />
          <XAxis axisLine={false} tickLine={false} dataKey={chart.key('day')} minTickGap={12} />
          <YAxis axisLine={false} tickLine={false} width={40} />
          <Tooltip cursor={{ fill: chart.color('bg.muted') }} animationDuration={100} content={<Chart.Tooltip />} />
          {chart.series.map((item) => (
            <Bar isAnimationActive={false} key={item.name} dataKey={chart.key(item.name)} fill={chart.color(item.color)} radius={[4, 4, 0, 0]} />
          ))}
        </BarChart>
      </Chart.Root>
    </Panel>
  );
}

function ReasonBars({ tags, color }: { tags: { tag: string; count: number }[]; color: string }) {
  const chart = useChart<BarListData>({
    sort: { by: 'value', direction: 'desc' },
    data: tags.slice(0, 6).map((t) => ({ name: readableTag(t.tag), value: t.count })),
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

export function TopReasons({ analytics }: { analytics: CallAnalytics }) {
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      <Panel title="Top reasons calls were not booked" description="Tags of unbooked calls" testId="reasons-unbooked">
        {analytics.unbookedTagCounts.length === 0 ? (
          <Text color="fg.muted">
            No unbooked calls with a reason in these dates. When a lead is not booked, the reason the AI tagged it with is counted here.
          </Text>
        ) : (
          <ReasonBars tags={analytics.unbookedTagCounts} color="orange.subtle" />
        )}
      </Panel>
      <Panel title="Top excused reasons" description="Calls that could not have been booked, by tag" testId="reasons-excused">
        {analytics.excusedTagCounts.length === 0 ? (
          <Text color="fg.muted">No excused calls in these dates. Calls outside your service area, price-only questions and the like are counted here.</Text>
        ) : (
          <ReasonBars tags={analytics.excusedTagCounts} color="blue.subtle" />
        )}
      </Panel>
    </SimpleGrid>
  );
}

export function AgentTable({ analytics }: { analytics: CallAnalytics }) {
  const { RECEPTIONIST: r, AI_CSR: ai } = analytics.agentStats;
  const rows = [
    {
      agent: 'AI customer service (office and after hours)',
      calls: ai.calls,
      booked: ai.booked,
      unbooked: ai.unbooked,
      excused: ai.excused,
      rate: ai.bookingRate,
      minutes: ai.minutes,
      extra: `${plural(ai.leads, 'lead')}`,
    },
    {
      agent: 'After-hours agent (part of the above)',
      calls: analytics.afterHours.calls,
      booked: analytics.afterHours.booked,
      unbooked: null,
      excused: null,
      rate: null,
      minutes: null,
      extra: '',
    },
    {
      agent: 'Receptionist',
      calls: r.calls,
      booked: null,
      unbooked: null,
      excused: r.excused,
      rate: null,
      minutes: r.minutes,
      extra: `${plural(r.spam, 'spam call')}, ${count(r.transferred)} transferred`,
    },
  ];
  const cell = (v: number | null, suffix = '') => (v === null ? '—' : `${count(v)}${suffix}`);
  return (
    <Panel title="By agent" description="Calls each of your AI agents handled in these dates" testId="agent-table">
      <Box overflowX="auto">
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Agent</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Calls</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Booked</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Unbooked</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Excused</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Booked rate</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Minutes</Table.ColumnHeader>
              <Table.ColumnHeader>Also</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => (
              <Table.Row key={row.agent}>
                <Table.Cell>{row.agent}</Table.Cell>
                <Table.Cell textAlign="end">{cell(row.calls)}</Table.Cell>
                <Table.Cell textAlign="end">{cell(row.booked)}</Table.Cell>
                <Table.Cell textAlign="end">{cell(row.unbooked)}</Table.Cell>
                <Table.Cell textAlign="end">{cell(row.excused)}</Table.Cell>
                <Table.Cell textAlign="end">{cell(row.rate, '%')}</Table.Cell>
                <Table.Cell textAlign="end">{cell(row.minutes === null ? null : Math.round(row.minutes))}</Table.Cell>
                <Table.Cell color="fg.muted">{row.extra}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
    </Panel>
  );
}

export function Insights({ analytics }: { analytics: CallAnalytics }) {
  if (analytics.insights.length === 0) return null;
  return (
    <Panel title="Insights" testId="insights">
      <List.Root gap="2" ps="4">
        {analytics.insights.map((i) => (
          <List.Item key={i}>{i}</List.Item>
        ))}
      </List.Root>
    </Panel>
  );
}

/** The range and the zone its days are counted in, labelled. */
export function RangeLabel({ from, to, timeZone }: { from: string; to: string; timeZone: string }) {
  return (
    <Flex gap="2" align="center" wrap="wrap">
      <Text textStyle="sm" color="fg.muted" data-testid="range-label">
        {shortDate(from)} – {shortDate(to)}, compared with the same number of days before
      </Text>
      <Badge variant="surface">Times in {timeZone}</Badge>
    </Flex>
  );
}
