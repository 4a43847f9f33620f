import { Badge, Box, Grid, HStack, Text } from '@chakra-ui/react';
import type { AvailabilityWeek, DayLoad } from '../api/availability.schema';
import { cellLook, formatHours, totals } from '../availability-form';

const SHORT_DAY: Record<string, string> = { Monday: 'Mon', Tuesday: 'Tue', Wednesday: 'Wed', Thursday: 'Thu', Friday: 'Fri', Saturday: 'Sat', Sunday: 'Sun' };

function Cell(props: { day: DayLoad; closed: boolean; testId?: string }) {
  const look = cellLook(props.day);
  return (
    <Box
      title={props.closed ? 'Closed' : look.label}
      borderWidth="1px"
      borderRadius="md"
      p={1.5}
      bg={props.closed ? 'gray.50' : 'white'}
      data-testid={props.testId}
    >
      {/* The bar is the shift; its filled part is what is still open. */}
      <Box h="10px" bg={props.day.shiftHours > 0 ? 'gray.200' : 'transparent'} borderRadius="sm" overflow="hidden">
        <Box h="100%" width={`${Math.round(look.openShare * 100)}%`} bg={look.color} />
      </Box>
      <Text fontSize="xs" mt={1} color={props.day.shiftHours > 0 ? 'fg' : 'fg.muted'}>
        {props.closed ? 'Closed' : props.day.shiftHours > 0 ? `${formatHours(props.day.openHours)} / ${formatHours(props.day.shiftHours)}` : 'Off'}
      </Text>
    </Box>
  );
}

export function WeekGrid(props: { week: AvailabilityWeek; by: 'technician' | 'zone' }) {
  const { week } = props;
  const rows = props.by === 'technician' ? week.technicians : week.zones;
  const closed = new Set(week.days.filter((d) => d.closed).map((d) => d.date));
  const dayTotals = week.days.map((_, i) => totals(week.technicians.map((t) => t.days[i])));
  return (
    <Box overflowX="auto">
      <Grid
        templateColumns="minmax(9rem, 1.3fr) repeat(7, minmax(5.5rem, 1fr)) minmax(6rem, 0.8fr)"
        gap={1.5}
        alignItems="stretch"
        data-testid="availability-grid"
      >
        <Box />
        {week.days.map((d) => (
          <Box key={d.date} textAlign="center">
            <Text fontSize="xs" fontWeight="semibold">
              {SHORT_DAY[d.weekday]} {Number(d.date.slice(8))}
            </Text>
            {d.holiday ? (
              <Badge size="xs" colorPalette="purple">
                Holiday
              </Badge>
            ) : d.closed ? (
              <Badge size="xs">Closed</Badge>
            ) : null}
          </Box>
        ))}
        <Text fontSize="xs" fontWeight="semibold" textAlign="end">
          Week
        </Text>
        {rows.length === 0 ? (
          <Text gridColumn="1 / -1" fontSize="sm" color="fg.muted">
            {props.by === 'technician' ? 'Your CRM lists no technicians.' : 'Your CRM has no zones.'}
          </Text>
        ) : null}
        {rows.map((row) => {
          const t = totals(row.days);
          return [
            <Box key={`${row.id}-name`} alignSelf="center">
              <Text fontSize="sm" fontWeight="medium">
                {row.name}
              </Text>
            </Box>,
            ...row.days.map((day) => (
              <Cell key={`${row.id}-${day.date}`} day={day} closed={closed.has(day.date)} testId={`availability-cell-${row.id}-${day.date}`} />
            )),
            <Box key={`${row.id}-total`} alignSelf="center" textAlign="end">
              <Text fontSize="sm">{formatHours(t.openHours)} open</Text>
              <Text fontSize="xs" color="fg.muted">
                of {formatHours(t.shiftHours)}
              </Text>
            </Box>,
          ];
        })}
        <Text fontSize="sm" fontWeight="semibold" alignSelf="center">
          All technicians
        </Text>
        {dayTotals.map((d, i) => (
          <Text key={week.days[i].date} fontSize="xs" textAlign="center" alignSelf="center" data-testid={`availability-total-${week.days[i].date}`}>
            {formatHours(d.openHours)} open
          </Text>
        ))}
        <Box />
      </Grid>
      <HStack gap={4} mt={3} fontSize="xs" color="fg.muted">
        {[
          ['green.500', 'Mostly open'],
          ['green.300', 'Filling up'],
          ['orange.400', 'Nearly full'],
          ['red.400', 'Full'],
          ['gray.200', 'Not working'],
        ].map(([color, label]) => (
          <HStack key={label} gap={1}>
            <Box w="10px" h="10px" borderRadius="sm" bg={color} />
            <Text>{label}</Text>
          </HStack>
        ))}
      </HStack>
    </Box>
  );
}
