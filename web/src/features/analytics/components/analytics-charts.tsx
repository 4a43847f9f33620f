import { Chart, useChart } from '@chakra-ui/charts';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import type { CallAnalytics, ChatWidgetStats } from '../api/analytics.api';
import { shortDate } from '../api/analytics.api';

// Loaded lazily by analytics-figures.tsx: the only module of the dashboard that imports recharts.

export function CallsPerDayBars({ analytics }: { analytics: CallAnalytics }) {
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
    <Chart.Root maxH="xs" chart={chart}>
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
  );
}

export function MinutesPerDayBars({ analytics }: { analytics: CallAnalytics }) {
  const chart = useChart({
    data: analytics.dailyCallCounts.map((d) => ({ day: shortDate(d.date), Minutes: d.minutes, 'After hours': d.afterHours })),
    series: [{ name: 'Minutes', color: 'teal.solid' }],
  });
  return (
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
  );
}

export function ChatsPerDayBars({ stats }: { stats: ChatWidgetStats }) {
  const chart = useChart({
    data: stats.dailyChatCounts.map((d) => ({ day: shortDate(d.date), Booked: d.booked, 'Not booked': d.leads - d.booked })),
    series: [
      { name: 'Booked', color: 'green.solid', stackId: 'a' },
      { name: 'Not booked', color: 'gray.emphasized', stackId: 'a' },
    ],
  });
  return (
    <Chart.Root maxH="xs" chart={chart}>
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
  );
}
