import { Alert, Badge, Box, Button, Card, Field, Grid, HStack, Input, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { errorMessage, ErrorNotice } from '../../../components/error-notice';
import { LoadingNotice } from '../../../components/loading-notice';
import { Page } from '../../../components/page';
import { useSelectedOrg } from '../../organizations/selected-org';
import { saveAvailability, useAvailability, useAvailabilityWeek } from '../api/availability.api';
import {
  WEEKDAYS,
  type AvailabilityView,
  type AvailabilityWeek,
  type DayLoad,
  type SlotStrategy,
  type WeeklyHours,
  type Weekday,
} from '../api/availability.schema';
import {
  addDays,
  addHoliday,
  addRange,
  cellLook,
  copyToWeekdays,
  formatHours,
  formatPairs,
  formatSlots,
  parsePairs,
  parseSlots,
  removeRange,
  setRange,
  totals,
} from '../availability-form';
import { OrgTime } from '../../organizations/components/org-time';

const SHORT_DAY: Record<string, string> = { Monday: 'Mon', Tuesday: 'Tue', Wednesday: 'Wed', Thursday: 'Thu', Friday: 'Fri', Saturday: 'Sat', Sunday: 'Sun' };

function Flag(props: { label: string; checked: boolean; onChange: (v: boolean) => void; testId: string; help?: string }) {
  return (
    <HStack as="label" gap={2} align="start" cursor="pointer">
      <input type="checkbox" checked={props.checked} onChange={(e) => props.onChange(e.target.checked)} data-testid={props.testId} style={{ marginTop: 4 }} />
      <Box>
        <Text fontSize="sm">{props.label}</Text>
        {props.help ? (
          <Text fontSize="xs" color="fg.muted">
            {props.help}
          </Text>
        ) : null}
      </Box>
    </HStack>
  );
}

function Section(props: { title: string; description: string; children: React.ReactNode; testId?: string }) {
  return (
    <Card.Root data-testid={props.testId}>
      <Card.Header>
        <Card.Title>{props.title}</Card.Title>
        <Card.Description>{props.description}</Card.Description>
      </Card.Header>
      <Card.Body>{props.children}</Card.Body>
    </Card.Root>
  );
}

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

function WeekGrid(props: { week: AvailabilityWeek; by: 'technician' | 'zone' }) {
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

function HoursEditor(props: { label: string; hours: WeeklyHours; onChange: (h: WeeklyHours) => void; testId: string }) {
  const { hours, onChange } = props;
  return (
    <Stack gap={2} data-testid={props.testId}>
      {WEEKDAYS.map((day: Weekday) => (
        <HStack key={day} gap={2} align="center" wrap="wrap">
          <Text fontSize="sm" width="6rem">
            {day}
          </Text>
          {(hours[day] ?? []).length === 0 ? (
            <Text fontSize="sm" color="fg.muted" width="8rem">
              Closed
            </Text>
          ) : null}
          {(hours[day] ?? []).map((r, i) => (
            <HStack key={i} gap={1}>
              <Input
                size="xs"
                type="time"
                width="7rem"
                value={r.start}
                aria-label={`${props.label} ${day} opens`}
                onChange={(e) => onChange(setRange(hours, day, i, { ...r, start: e.target.value }))}
              />
              <Text fontSize="xs">to</Text>
              <Input
                size="xs"
                type="time"
                width="7rem"
                value={r.end}
                aria-label={`${props.label} ${day} closes`}
                onChange={(e) => onChange(setRange(hours, day, i, { ...r, end: e.target.value }))}
              />
              <Button size="2xs" variant="ghost" onClick={() => onChange(removeRange(hours, day, i))} aria-label={`Remove ${day} hours`}>
                ✕
              </Button>
            </HStack>
          ))}
          <Button size="2xs" variant="outline" onClick={() => onChange(addRange(hours, day))}>
            Add hours
          </Button>
          {day === 'Monday' && (hours.Monday ?? []).length > 0 ? (
            <Button size="2xs" variant="ghost" onClick={() => onChange(copyToWeekdays(hours, 'Monday'))}>
              Copy to weekdays
            </Button>
          ) : null}
        </HStack>
      ))}
    </Stack>
  );
}

function slotStrategyOf(name: SlotStrategy['name'], current: SlotStrategy): SlotStrategy {
  if (name === current.name) return current;
  if (name === 'earliest') return { name, args: { bufferMinutes: 60, durationHours: 2 } };
  if (name === 'acp_emergency') return { name, args: {} };
  return { name };
}

export function AvailabilityPage() {
  const { orgId } = useSelectedOrg();
  const saved = useAvailability(orgId);
  const [weekStart, setWeekStart] = useState<string | null>(null);
  const week = useAvailabilityWeek(orgId, weekStart);
  const [by, setBy] = useState<'technician' | 'zone'>('technician');
  const [draft, setDraft] = useState<AvailabilityView | null>(null);
  const [loadedFor, setLoadedFor] = useState<string | null>(null);
  const [holiday, setHoliday] = useState('');
  const [texts, setTexts] = useState({ slots: '', dummies: '', qualify: '', acpEmergency: '' });
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    if (!saved.data || loadedFor === orgId) return;
    const v = saved.data;
    setDraft(v);
    setTexts({
      slots: formatSlots(v.schedule.strategy.slots),
      dummies: formatPairs(v.defaultDummyTechs),
      qualify: JSON.stringify(v.emergency_config.qualifyStrategy),
      acpEmergency:
        v.emergency_config.slotStrategy.name === 'acp_emergency'
          ? WEEKDAYS.map((d) => `${d}: ${formatSlots((v.emergency_config.slotStrategy as { args: Record<string, [number, number][]> }).args[d] ?? [])}`).join(
              '\n',
            )
          : '',
    });
    setLoadedFor(orgId);
  }, [saved.data, loadedFor, orgId]);

  const change = (next: Partial<AvailabilityView>) => {
    setDraft((d) => (d ? { ...d, ...next } : d));
    setNotice(null);
  };
  const changeAvailability = (next: Partial<AvailabilityView['availability']>) => draft && change({ availability: { ...draft.availability, ...next } });
  const changeSchedule = (next: Partial<AvailabilityView['schedule']>) => draft && change({ schedule: { ...draft.schedule, ...next } });
  const changeStrategy = (next: Partial<AvailabilityView['schedule']['strategy']>) =>
    draft && changeSchedule({ strategy: { ...draft.schedule.strategy, ...next } });
  const changeEmergency = (next: Partial<AvailabilityView['emergency_config']>) =>
    draft && change({ emergency_config: { ...draft.emergency_config, ...next } });

  async function save() {
    if (!orgId || !draft) return;
    const slots = parseSlots(texts.slots);
    if (!slots) return setNotice({ ok: false, text: 'Appointment slots must look like 8-10, 13:30-15.' });
    let qualifyStrategy: AvailabilityView['emergency_config']['qualifyStrategy'];
    try {
      qualifyStrategy = texts.qualify.trim() ? JSON.parse(texts.qualify) : [];
    } catch {
      return setNotice({ ok: false, text: 'Emergency qualify rules must be a JSON list of rule lists.' });
    }
    let slotStrategy = draft.emergency_config.slotStrategy;
    if (slotStrategy.name === 'acp_emergency') {
      const args: Record<string, [number, number][]> = {};
      for (const line of texts.acpEmergency.split('\n')) {
        const [day, list] = line.split(':').map((s) => s?.trim());
        if (!day || !list) continue;
        const parsed = parseSlots(line.slice(line.indexOf(':') + 1));
        if (!parsed) return setNotice({ ok: false, text: `Emergency windows for ${day} must look like 18-20, 20-22.` });
        args[day] = parsed;
      }
      slotStrategy = { name: 'acp_emergency', args };
    }
    const view: AvailabilityView = {
      ...draft,
      schedule: { ...draft.schedule, strategy: { ...draft.schedule.strategy, slots } },
      defaultDummyTechs: parsePairs(texts.dummies),
      emergency_config: { ...draft.emergency_config, qualifyStrategy, slotStrategy },
    };
    setSaving(true);
    setNotice(null);
    try {
      const result = await saveAvailability(orgId, view);
      setDraft(result);
      // The read models follow the save; show what was saved until they have caught up.
      await saved.mutate(result, { revalidate: false });
      setTimeout(() => void week.mutate(), 1500);
      setNotice({ ok: true, text: 'Availability saved.' });
    } catch (error) {
      setNotice({ ok: false, text: errorMessage(error) });
    } finally {
      setSaving(false);
    }
  }

  const weekOf = week.data?.days[0]?.date ?? null;
  return (
    <Page
      title="Availability"
      description="When your agents may book: open capacity by technician and zone, business and emergency hours, holidays, and how slots are offered."
    >
      <Stack gap={5}>
        <Section
          title="Open capacity"
          description={`Hours still open per technician each day, inside your regular hours${week.data ? ` (${week.data.timezone})` : ''}.`}
          testId="availability-week"
        >
          <HStack gap={2} mb={3} wrap="wrap">
            <Button size="xs" variant="outline" disabled={!weekOf} onClick={() => weekOf && setWeekStart(addDays(weekOf, -7))}>
              ← Previous week
            </Button>
            <Button size="xs" variant="outline" onClick={() => setWeekStart(null)}>
              This week
            </Button>
            <Button
              size="xs"
              variant="outline"
              disabled={!weekOf}
              onClick={() => weekOf && setWeekStart(addDays(weekOf, 7))}
              data-testid="availability-next-week"
            >
              Next week →
            </Button>
            <NativeSelect.Root size="xs" width="10rem" ml="auto">
              <NativeSelect.Field
                aria-label="Group by"
                value={by}
                onChange={(e) => setBy(e.target.value as 'technician' | 'zone')}
                data-testid="availability-group"
              >
                <option value="technician">By technician</option>
                <option value="zone">By zone</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </HStack>
          {week.error ? (
            <ErrorNotice error={week.error} onRetry={() => void week.mutate()} />
          ) : !week.data ? (
            <LoadingNotice label="Loading the week" />
          ) : (
            <WeekGrid week={week.data} by={by} />
          )}
        </Section>

        {saved.error ? (
          <ErrorNotice error={saved.error} onRetry={() => void saved.mutate()} />
        ) : !draft || loadedFor !== orgId ? (
          <LoadingNotice label="Loading availability" />
        ) : (
          <>
            <Section
              title="Hours"
              description={`Regular hours are when jobs are booked; emergency hours are when emergencies are taken (none set means around the clock). Times are in ${draft.timezone}.`}
            >
              <Grid templateColumns={{ base: '1fr', xl: '1fr 1fr' }} gap={6}>
                <Box>
                  <Text fontWeight="semibold" mb={2}>
                    Regular hours
                  </Text>
                  <HoursEditor
                    label="Regular"
                    hours={draft.availability.regularHours}
                    onChange={(regularHours) => changeAvailability({ regularHours })}
                    testId="regular-hours"
                  />
                </Box>
                <Box>
                  <Text fontWeight="semibold" mb={2}>
                    Emergency hours
                  </Text>
                  <HoursEditor
                    label="Emergency"
                    hours={draft.availability.emergencyHours}
                    onChange={(emergencyHours) => changeAvailability({ emergencyHours })}
                    testId="emergency-hours"
                  />
                </Box>
              </Grid>
            </Section>

            <Section
              title="Holidays and message"
              description="No jobs are booked on a holiday. The message is what agents tell callers about your availability."
            >
              <Stack gap={3}>
                <HStack gap={2} wrap="wrap">
                  {draft.availability.holidays.length === 0 ? (
                    <Text fontSize="sm" color="fg.muted">
                      No holidays.
                    </Text>
                  ) : null}
                  {draft.availability.holidays.map((h) => (
                    <Badge key={h} size="md" colorPalette="purple" data-testid={`holiday-${h}`}>
                      {h}
                      <Button
                        size="2xs"
                        variant="plain"
                        aria-label={`Remove ${h}`}
                        onClick={() => changeAvailability({ holidays: draft.availability.holidays.filter((x) => x !== h) })}
                      >
                        ✕
                      </Button>
                    </Badge>
                  ))}
                </HStack>
                <HStack gap={2}>
                  <Input
                    size="sm"
                    type="date"
                    width="11rem"
                    value={holiday}
                    onChange={(e) => setHoliday(e.target.value)}
                    aria-label="Holiday date"
                    data-testid="holiday-input"
                  />
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={!holiday}
                    onClick={() => {
                      changeAvailability({ holidays: addHoliday(draft.availability.holidays, holiday) });
                      setHoliday('');
                    }}
                    data-testid="holiday-add"
                  >
                    Add holiday
                  </Button>
                </HStack>
                <Field.Root>
                  <Field.Label>Availability message</Field.Label>
                  <Textarea
                    size="sm"
                    rows={2}
                    value={draft.availability.availabilityMessage ?? ''}
                    onChange={(e) => changeAvailability({ availabilityMessage: e.target.value || null })}
                    data-testid="availability-message"
                  />
                </Field.Root>
                {draft.availability.lastUpdatedAt ? (
                  <Text fontSize="xs" color="fg.muted">
                    Last updated <OrgTime iso={draft.availability.lastUpdatedAt} />
                  </Text>
                ) : null}
              </Stack>
            </Section>

            <Section
              title="Appointment schedule"
              description="How soon and where slots are offered. Buffers keep the first slot away from now; a priority may have its own, in hours or days (at most 8760 hours)."
            >
              <Stack gap={3}>
                <Field.Root width="14rem">
                  <Field.Label>Default time buffer (hours)</Field.Label>
                  <Input
                    size="sm"
                    type="number"
                    min={0}
                    value={String(draft.schedule.strategy.defaultTimeBuffer)}
                    onChange={(e) => changeStrategy({ defaultTimeBuffer: Number(e.target.value) })}
                    data-testid="default-buffer"
                  />
                </Field.Root>
                <HStack gap={3} wrap="wrap">
                  {[1, 2, 3, 4, 5].map((p) => {
                    const buffer = draft.schedule.strategy.priorityBasedTimeBuffer[String(p)];
                    const setBuffer = (next: { value: number; unit: 'days' | 'hours' } | null) => {
                      const all = { ...draft.schedule.strategy.priorityBasedTimeBuffer };
                      if (next) all[String(p)] = next;
                      else delete all[String(p)];
                      changeStrategy({ priorityBasedTimeBuffer: all });
                    };
                    return (
                      <HStack key={p} gap={1} borderWidth="1px" borderRadius="md" p={2}>
                        <Text fontSize="sm" width="4.5rem">
                          Priority {p}
                        </Text>
                        <Input
                          size="xs"
                          type="number"
                          min={0}
                          width="5rem"
                          placeholder="default"
                          value={buffer ? String(buffer.value) : ''}
                          onChange={(e) => setBuffer(e.target.value === '' ? null : { value: Number(e.target.value), unit: buffer?.unit ?? 'hours' })}
                          data-testid={`priority-buffer-${p}`}
                          aria-label={`Priority ${p} buffer`}
                        />
                        <NativeSelect.Root size="xs" width="5.5rem" disabled={!buffer}>
                          <NativeSelect.Field
                            aria-label={`Priority ${p} unit`}
                            value={buffer?.unit ?? 'hours'}
                            onChange={(e) => buffer && setBuffer({ ...buffer, unit: e.target.value as 'days' | 'hours' })}
                          >
                            <option value="hours">hours</option>
                            <option value="days">days</option>
                          </NativeSelect.Field>
                          <NativeSelect.Indicator />
                        </NativeSelect.Root>
                      </HStack>
                    );
                  })}
                </HStack>
                <Flag
                  label="Use our own appointment slots (ACP) instead of the CRM's arrival windows"
                  checked={draft.schedule.isAcp}
                  onChange={(isAcp) => changeSchedule({ isAcp })}
                  testId="schedule-acp"
                />
                <Field.Root width="24rem" disabled={!draft.schedule.isAcp}>
                  <Field.Label>Appointment slots (hours of the day)</Field.Label>
                  <Input
                    size="sm"
                    placeholder="8-10, 10-12, 13-15, 15-17"
                    value={texts.slots}
                    onChange={(e) => setTexts({ ...texts, slots: e.target.value })}
                    data-testid="schedule-slots"
                  />
                </Field.Root>
                <Flag
                  label="Adaptive capacity"
                  help="Offer slots as long as the job, back to back through the open hours."
                  checked={draft.schedule.useAdaptiveCapacity}
                  onChange={(useAdaptiveCapacity) => changeSchedule({ useAdaptiveCapacity })}
                  testId="schedule-adaptive"
                />
              </Stack>
            </Section>

            <Section
              title="Emergencies"
              description="Whether agents treat a call as an emergency, and what they offer: a callback from the on-call team, or a promised slot."
              testId="emergency-config"
            >
              <Stack gap={3}>
                <Flag
                  label="Emergency handling is on"
                  checked={draft.emergency_config.enabled}
                  onChange={(enabled) => changeEmergency({ enabled })}
                  testId="emergency-enabled"
                />
                <HStack gap={4} wrap="wrap" align="end">
                  <Field.Root width="14rem">
                    <Field.Label>Snoozed until</Field.Label>
                    <Input
                      size="sm"
                      type="datetime-local"
                      value={draft.emergency_config.snoozedTill ? toLocalInput(draft.emergency_config.snoozedTill) : ''}
                      onChange={(e) => changeEmergency({ snoozedTill: e.target.value ? new Date(e.target.value).toISOString() : null })}
                    />
                  </Field.Root>
                  <Field.Root width="12rem">
                    <Field.Label>Offer</Field.Label>
                    <NativeSelect.Root size="sm">
                      <NativeSelect.Field
                        value={draft.emergency_config.offerSlotStrategy}
                        onChange={(e) => changeEmergency({ offerSlotStrategy: e.target.value as 'callbacks' | 'promise_slot' })}
                        data-testid="emergency-offer"
                      >
                        <option value="callbacks">A callback</option>
                        <option value="promise_slot">A promised slot</option>
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </Field.Root>
                  <Field.Root width="16rem">
                    <Field.Label>Slot strategy</Field.Label>
                    <NativeSelect.Root size="sm">
                      <NativeSelect.Field
                        value={draft.emergency_config.slotStrategy.name}
                        onChange={(e) =>
                          changeEmergency({ slotStrategy: slotStrategyOf(e.target.value as SlotStrategy['name'], draft.emergency_config.slotStrategy) })
                        }
                        data-testid="emergency-slot-strategy"
                      >
                        <option value="earliest">Earliest</option>
                        <option value="acp_emergency">Emergency windows</option>
                        <option value="oncall_technician_availability">On-call technician availability</option>
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </Field.Root>
                </HStack>
                {draft.emergency_config.slotStrategy.name === 'earliest' ? (
                  <HStack gap={4}>
                    <Field.Root width="12rem">
                      <Field.Label>Buffer (minutes)</Field.Label>
                      <Input
                        size="sm"
                        type="number"
                        min={0}
                        value={String(draft.emergency_config.slotStrategy.args.bufferMinutes)}
                        onChange={(e) =>
                          changeEmergency({
                            slotStrategy: {
                              name: 'earliest',
                              args: {
                                ...(draft.emergency_config.slotStrategy as { args: { bufferMinutes: number; durationHours: number } }).args,
                                bufferMinutes: Number(e.target.value),
                              },
                            },
                          })
                        }
                      />
                    </Field.Root>
                    <Field.Root width="12rem">
                      <Field.Label>Slot length (hours)</Field.Label>
                      <Input
                        size="sm"
                        type="number"
                        min={0.25}
                        step={0.25}
                        value={String(draft.emergency_config.slotStrategy.args.durationHours)}
                        onChange={(e) =>
                          changeEmergency({
                            slotStrategy: {
                              name: 'earliest',
                              args: {
                                ...(draft.emergency_config.slotStrategy as { args: { bufferMinutes: number; durationHours: number } }).args,
                                durationHours: Number(e.target.value),
                              },
                            },
                          })
                        }
                      />
                    </Field.Root>
                  </HStack>
                ) : null}
                {draft.emergency_config.slotStrategy.name === 'acp_emergency' ? (
                  <Field.Root>
                    <Field.Label>Emergency windows per day</Field.Label>
                    <Textarea
                      size="sm"
                      rows={7}
                      fontFamily="mono"
                      value={texts.acpEmergency || WEEKDAYS.map((d) => `${d}: `).join('\n')}
                      onChange={(e) => setTexts({ ...texts, acpEmergency: e.target.value })}
                    />
                    <Field.HelperText>One line per day, e.g. “Saturday: 8-12, 13-17”.</Field.HelperText>
                  </Field.Root>
                ) : null}
                <Field.Root>
                  <Field.Label>Qualify rules</Field.Label>
                  <Textarea
                    size="sm"
                    rows={2}
                    fontFamily="mono"
                    value={texts.qualify}
                    onChange={(e) => setTexts({ ...texts, qualify: e.target.value })}
                    data-testid="emergency-qualify"
                  />
                  <Field.HelperText>
                    Any group qualifies when all its rules hold, e.g. [[{'{'}"type":"priority","value":[5]{'}'}],[{'{'}"type":"after_hours_buffer","value":30
                    {'}'},{'{'}"type":"business_unit","value":["1"]{'}'}]]. Rules: after_hours_buffer, priority, business_unit, membership, job_type.
                  </Field.HelperText>
                </Field.Root>
              </Stack>
            </Section>

            <Section title="Technicians and zones" description={`What the capacity check takes from your CRM (${draft.crm_name}).`}>
              <Stack gap={3}>
                <Flag
                  label="Auto-assign the least-booked free technician"
                  checked={draft.autoAssignTech}
                  onChange={(autoAssignTech) => change({ autoAssignTech })}
                  testId="auto-assign"
                />
                <Flag
                  label="Skill-based availability"
                  help="Only technicians with the job type's skills count."
                  checked={draft.skillBasedAvailability}
                  onChange={(skillBasedAvailability) => change({ skillBasedAvailability })}
                  testId="skill-based"
                />
                <Flag
                  label="Assign a placeholder (dummy) technician per trade"
                  checked={draft.assignDummyTech}
                  onChange={(assignDummyTech) => change({ assignDummyTech })}
                  testId="dummy-tech"
                />
                <Field.Root width="24rem" disabled={!draft.assignDummyTech}>
                  <Field.Label>Dummy technicians</Field.Label>
                  <Input
                    size="sm"
                    placeholder="HVAC=9001, Plumbing=9002"
                    value={texts.dummies}
                    onChange={(e) => setTexts({ ...texts, dummies: e.target.value })}
                  />
                </Field.Root>
                <Flag
                  label="Zones by zip code"
                  help="The agent asks for the zip code and only zone technicians are offered."
                  checked={draft.feature_flags.has_zones ?? false}
                  onChange={(has_zones) => change({ feature_flags: { ...draft.feature_flags, has_zones } })}
                  testId="has-zones"
                />
                <Flag
                  label="Use business units"
                  checked={draft.adp_config.useBusinessUnits}
                  onChange={(useBusinessUnits) => change({ adp_config: { useBusinessUnits } })}
                  testId="use-business-units"
                />
              </Stack>
            </Section>

            {notice ? (
              <Alert.Root status={notice.ok ? 'success' : 'error'} data-testid={notice.ok ? 'availability-saved' : 'availability-error'}>
                <Alert.Indicator />
                <Alert.Description>{notice.text}</Alert.Description>
              </Alert.Root>
            ) : null}
            <HStack>
              <Button loading={saving} onClick={() => void save()} data-testid="availability-save">
                Save availability
              </Button>
            </HStack>
          </>
        )}
      </Stack>
    </Page>
  );
}

/** An ISO instant as the browser's datetime-local input value. */
function toLocalInput(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
