import { Box, Button, Checkbox, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { WEEKDAYS, type TimeRange, type WeeklyHours, type Weekday } from '../api/availability.schema';
import { addRange, copyToWeekdays, hourOfTime, removeRange, setRange, timeOfHour } from '../availability-form';

/** A labelled checkbox with a line of help under it. */
export function Flag(props: { label: string; help?: string; checked: boolean; onChange: (checked: boolean) => void; testId: string }) {
  return (
    <Checkbox.Root checked={props.checked} onCheckedChange={(e) => props.onChange(e.checked === true)} alignItems="start" data-testid={props.testId}>
      <Checkbox.HiddenInput />
      <Checkbox.Control mt="0.5" />
      <Box>
        <Checkbox.Label>{props.label}</Checkbox.Label>
        {props.help ? (
          <Text fontSize="sm" color="fg.muted">
            {props.help}
          </Text>
        ) : null}
      </Box>
    </Checkbox.Root>
  );
}

function RangeInputs(props: { label: string; range: TimeRange; onChange: (range: TimeRange) => void; onRemove: () => void }) {
  const { range, onChange } = props;
  return (
    <HStack gap={1}>
      <Input
        size="sm"
        type="time"
        width="7.5rem"
        value={range.start}
        aria-label={`${props.label} from`}
        onChange={(e) => onChange({ ...range, start: e.target.value })}
      />
      <Text fontSize="sm">to</Text>
      <Input
        size="sm"
        type="time"
        width="7.5rem"
        value={range.end}
        aria-label={`${props.label} to`}
        onChange={(e) => onChange({ ...range, end: e.target.value })}
      />
      <Button size="xs" variant="ghost" onClick={props.onRemove} aria-label={`Remove ${props.label}`}>
        ✕
      </Button>
    </HStack>
  );
}

/** Opening hours per weekday: none, one or several ranges a day. */
export function HoursEditor(props: { label: string; hours: WeeklyHours; onChange: (h: WeeklyHours) => void; testId: string; emptyDay: string }) {
  const { hours, onChange } = props;
  return (
    <Stack gap={2} data-testid={props.testId}>
      {WEEKDAYS.map((day: Weekday) => (
        <HStack key={day} gap={2} align="center" wrap="wrap" borderBottomWidth="1px" borderColor="border.muted" pb={2}>
          <Text fontSize="sm" fontWeight="medium" width="6.5rem">
            {day}
          </Text>
          {(hours[day] ?? []).length === 0 ? (
            <Text fontSize="sm" color="fg.muted" minWidth="8rem">
              {props.emptyDay}
            </Text>
          ) : null}
          {(hours[day] ?? []).map((r, i) => (
            <RangeInputs
              key={i}
              label={`${props.label} ${day}${i > 0 ? ` ${i + 1}` : ''}`}
              range={r}
              onChange={(range) => onChange(setRange(hours, day, i, range))}
              onRemove={() => onChange(removeRange(hours, day, i))}
            />
          ))}
          <Button size="xs" variant="outline" onClick={() => onChange(addRange(hours, day))} data-testid={`${props.testId}-add-${day}`}>
            Add hours
          </Button>
          {day === 'Monday' && (hours.Monday ?? []).length > 0 ? (
            <Button size="xs" variant="ghost" onClick={() => onChange(copyToWeekdays(hours, 'Monday'))}>
              Copy Monday to Tuesday–Friday
            </Button>
          ) : null}
        </HStack>
      ))}
    </Stack>
  );
}

/** Windows of the day as hour numbers (8.5 is 08:30), edited as times. */
export function SlotListEditor(props: {
  label: string;
  slots: [number, number][];
  onChange: (slots: [number, number][]) => void;
  testId: string;
  empty: string;
}) {
  const { slots, onChange } = props;
  return (
    <HStack gap={2} wrap="wrap" data-testid={props.testId}>
      {slots.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {props.empty}
        </Text>
      ) : null}
      {slots.map(([s, e], i) => (
        <RangeInputs
          key={i}
          label={`${props.label} ${i + 1}`}
          range={{ start: timeOfHour(s), end: timeOfHour(e) }}
          onChange={(r) => onChange(slots.map((slot, j) => (j === i ? [hourOfTime(r.start), hourOfTime(r.end)] : slot)))}
          onRemove={() => onChange(slots.filter((_, j) => j !== i))}
        />
      ))}
      <Button
        size="xs"
        variant="outline"
        onClick={() => {
          const last = slots[slots.length - 1];
          onChange([...slots, last ? [last[1], Math.min(24, last[1] + 2)] : [8, 10]]);
        }}
        data-testid={`${props.testId}-add`}
      >
        Add window
      </Button>
    </HStack>
  );
}

export function Select<V extends string>(props: {
  value: V;
  onChange: (v: V) => void;
  options: readonly (readonly [V, string])[];
  label: string;
  testId?: string;
  width?: string;
}) {
  return (
    <NativeSelect.Root size="sm" width={props.width ?? '16rem'}>
      <NativeSelect.Field aria-label={props.label} value={props.value} onChange={(e) => props.onChange(e.target.value as V)} data-testid={props.testId}>
        {props.options.map(([v, label]) => (
          <option key={v} value={v}>
            {label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
