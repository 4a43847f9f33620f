import { Badge, Box, Button, Field, HStack, Input, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { OrgTime } from '../../organizations/components/org-time';
import { WEEKDAYS, type EmergencyConfig, type SlotStrategy } from '../api/availability.schema';
import { addHoliday } from '../availability-form';
import {
  EmergencyFormSchema,
  EmergencyHoursFormSchema,
  HolidaysFormSchema,
  OfficeHoursFormSchema,
  ScheduleFormSchema,
  TechniciansFormSchema,
  withAvailability,
} from '../section-schemas';
import { Flag, HoursEditor, Select, SlotListEditor } from './editors';
import { QualifyRulesEditor } from './qualify-rules-editor';
import { FieldError, firstError, SectionCard } from './section-card';
import { type SectionContext, useSectionForm } from './use-section-form';

export function OfficeHoursSection({ ctx }: { ctx: SectionContext }) {
  const { form, card } = useSectionForm({
    ctx,
    section: 'office-hours',
    title: 'Office hours',
    schema: OfficeHoursFormSchema,
    toValues: (v) => ({ availability: { regularHours: v.availability.regularHours } }),
    toSections: (values, view) => withAvailability(view, values.availability),
    fields: ['availability.regularHours'],
  });
  return (
    <SectionCard
      {...card}
      help={`When your office is open, in ${ctx.view.timezone}. Your agents book regular jobs inside these hours, and "office hours" and "after hours" in the notification settings are counted from them. A day with no hours is closed.`}
    >
      <Controller
        control={form.control}
        name="availability.regularHours"
        render={({ field }) => <HoursEditor label="Office hours" hours={field.value} onChange={field.onChange} testId="regular-hours" emptyDay="Closed" />}
      />
      <FieldError message={firstError(form.formState.errors.availability)} testId="office-hours-field-error" />
    </SectionCard>
  );
}

export function EmergencyHoursSection({ ctx }: { ctx: SectionContext }) {
  const { form, card } = useSectionForm({
    ctx,
    section: 'emergency-hours',
    title: 'Emergency hours',
    schema: EmergencyHoursFormSchema,
    toValues: (v) => ({ availability: { emergencyHours: v.availability.emergencyHours } }),
    toSections: (values, view) => withAvailability(view, { emergencyHours: values.availability.emergencyHours }),
    fields: ['availability.emergencyHours'],
  });
  return (
    <SectionCard
      {...card}
      help={
        <Stack gap={1}>
          <Text>
            When an emergency call is offered a promised slot (Emergencies above, “Offer the caller: a promised slot”), the slot must start inside these hours.
            Leave every day empty to allow a slot at any hour.
          </Text>
          <Text>
            They do not decide whether a call is an emergency (the emergency conditions do), and they do not change who is notified or when (Settings →
            Notifications). They are not used when emergencies get a callback, or when the slot comes from your emergency windows.
          </Text>
        </Stack>
      }
    >
      <Controller
        control={form.control}
        name="availability.emergencyHours"
        render={({ field }) => {
          const hours = field.value ?? {};
          const none = Object.values(hours).every((ranges) => (ranges ?? []).length === 0);
          return (
            <Stack gap={2}>
              {none ? (
                <Text fontSize="sm" fontWeight="medium" data-testid="emergency-hours-none">
                  No emergency hours set: a promised emergency slot may start at any hour.
                </Text>
              ) : null}
              <HoursEditor label="Emergency hours" hours={hours} onChange={field.onChange} testId="emergency-hours-editor" emptyDay={none ? '—' : 'No slots'} />
            </Stack>
          );
        }}
      />
      <FieldError message={firstError(form.formState.errors.availability)} />
    </SectionCard>
  );
}

export function HolidaysSection({ ctx }: { ctx: SectionContext }) {
  const [date, setDate] = useState('');
  const { form, card } = useSectionForm({
    ctx,
    section: 'holidays',
    title: 'Holidays and message',
    schema: HolidaysFormSchema,
    toValues: (v) => ({ availability: { holidays: v.availability.holidays, availabilityMessage: v.availability.availabilityMessage } }),
    toSections: (values, view) => withAvailability(view, values.availability),
    fields: ['availability.holidays', 'availability.availabilityMessage'],
  });
  const lastUpdatedAt = ctx.view.availability.lastUpdatedAt;
  return (
    <SectionCard
      {...card}
      help="Days your office is closed: no regular jobs are booked on them and they count as after hours for notifications. The message is what your agents tell callers who ask when you are available."
    >
      <Controller
        control={form.control}
        name="availability.holidays"
        render={({ field }) => {
          const holidays = field.value ?? [];
          return (
            <Stack gap={2}>
              <HStack gap={2} wrap="wrap">
                {holidays.length === 0 ? (
                  <Text fontSize="sm" color="fg.muted">
                    No holidays.
                  </Text>
                ) : null}
                {holidays.map((h) => (
                  <Badge key={h} size="lg" colorPalette="purple" data-testid={`holiday-${h}`}>
                    {h}
                    <Button size="2xs" variant="plain" aria-label={`Remove ${h}`} onClick={() => field.onChange(holidays.filter((x) => x !== h))}>
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
                  value={date}
                  onChange={(e) => setDate(e.target.value)}
                  aria-label="Holiday date"
                  data-testid="holiday-input"
                />
                <Button
                  size="sm"
                  variant="outline"
                  disabled={!date}
                  onClick={() => {
                    field.onChange(addHoliday(holidays, date));
                    setDate('');
                  }}
                  data-testid="holiday-add"
                >
                  Add holiday
                </Button>
              </HStack>
            </Stack>
          );
        }}
      />
      <Field.Root invalid={Boolean(form.formState.errors.availability?.availabilityMessage)}>
        <Field.Label>Message to callers</Field.Label>
        <Controller
          control={form.control}
          name="availability.availabilityMessage"
          render={({ field }) => (
            <Textarea
              size="sm"
              rows={2}
              value={field.value ?? ''}
              onChange={(e) => field.onChange(e.target.value === '' ? null : e.target.value)}
              placeholder="We are booking about two days out this week."
              data-testid="availability-message"
            />
          )}
        />
        <Field.ErrorText>{form.formState.errors.availability?.availabilityMessage?.message}</Field.ErrorText>
      </Field.Root>
      <FieldError message={firstError(form.formState.errors.availability?.holidays)} />
      {lastUpdatedAt ? (
        <Text fontSize="xs" color="fg.muted">
          Hours, holidays or message last changed <OrgTime iso={lastUpdatedAt} />
        </Text>
      ) : null}
    </SectionCard>
  );
}

const UNITS = [
  ['hours', 'hours'],
  ['days', 'days'],
] as const;

export function ScheduleSection({ ctx }: { ctx: SectionContext }) {
  const { form, card } = useSectionForm({
    ctx,
    section: 'schedule',
    title: 'Appointment slots',
    schema: ScheduleFormSchema,
    toValues: (v) => ({ schedule: v.schedule }),
    toSections: (values) => ({ schedule: values.schedule }),
    fields: ['schedule.strategy.defaultTimeBuffer', 'schedule.strategy.priorityBasedTimeBuffer', 'schedule.strategy.slots', 'schedule.isAcp'],
  });
  const errors = form.formState.errors.schedule;
  const isAcp = form.watch('schedule.isAcp');
  return (
    <SectionCard
      {...card}
      help="How soon the first appointment may be offered and which windows callers are offered. The notice keeps the earliest slot that many hours away from the call; a job priority can have its own notice."
    >
      <Field.Root width="18rem" invalid={Boolean(errors?.strategy?.defaultTimeBuffer)}>
        <Field.Label>Notice before the first slot (hours)</Field.Label>
        <Input
          size="sm"
          type="number"
          min={0}
          step="any"
          {...form.register('schedule.strategy.defaultTimeBuffer', { valueAsNumber: true })}
          data-testid="default-buffer"
        />
        <Field.ErrorText data-testid="default-buffer-error">{errors?.strategy?.defaultTimeBuffer?.message}</Field.ErrorText>
      </Field.Root>
      <Box>
        <Text fontSize="sm" fontWeight="medium" mb={1}>
          Notice per job priority
        </Text>
        <Text fontSize="sm" color="fg.muted" mb={2}>
          Empty uses the notice above. At most a year (8760 hours).
        </Text>
        <Controller
          control={form.control}
          name="schedule.strategy.priorityBasedTimeBuffer"
          render={({ field }) => {
            const buffers = field.value ?? {};
            return (
              <HStack gap={3} wrap="wrap">
                {[1, 2, 3, 4, 5].map((p) => {
                  const buffer = buffers[String(p)];
                  const setBuffer = (next: { value: number; unit: 'days' | 'hours' } | null) => {
                    const all = { ...buffers };
                    if (next) all[String(p)] = next;
                    else delete all[String(p)];
                    field.onChange(all);
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
                        aria-label={`Priority ${p} notice`}
                      />
                      <NativeSelect.Root size="xs" width="5.5rem" disabled={!buffer}>
                        <NativeSelect.Field
                          aria-label={`Priority ${p} unit`}
                          value={buffer?.unit ?? 'hours'}
                          onChange={(e) => buffer && setBuffer({ ...buffer, unit: e.target.value as 'days' | 'hours' })}
                        >
                          {UNITS.map(([v, l]) => (
                            <option key={v} value={v}>
                              {l}
                            </option>
                          ))}
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                    </HStack>
                  );
                })}
              </HStack>
            );
          }}
        />
        <FieldError message={firstError(errors?.strategy?.priorityBasedTimeBuffer)} testId="priority-buffer-error" />
      </Box>
      <Controller
        control={form.control}
        name="schedule.isAcp"
        render={({ field }) => (
          <Flag
            label="Offer our own appointment windows"
            help="Callers are offered the windows below instead of the arrival windows set up in your CRM."
            checked={field.value ?? false}
            onChange={field.onChange}
            testId="schedule-acp"
          />
        )}
      />
      {isAcp ? (
        <Box pl={6}>
          <Controller
            control={form.control}
            name="schedule.strategy.slots"
            render={({ field }) => (
              <SlotListEditor label="Appointment window" slots={field.value ?? []} onChange={field.onChange} testId="schedule-slots" empty="No windows yet." />
            )}
          />
          <FieldError message={firstError(errors?.strategy?.slots)} />
        </Box>
      ) : null}
      <Controller
        control={form.control}
        name="schedule.useAdaptiveCapacity"
        render={({ field }) => (
          <Flag
            label="Fit appointments to the job's length"
            help="Instead of fixed windows, offer slots as long as the job, back to back through the open hours."
            checked={field.value ?? false}
            onChange={field.onChange}
            testId="schedule-adaptive"
          />
        )}
      />
    </SectionCard>
  );
}

const OFFERS = [
  ['callbacks', 'A callback from your on-call team'],
  ['promise_slot', 'A promised slot'],
] as const;
const STRATEGIES = [
  ['earliest', 'The earliest free technician'],
  ['oncall_technician_availability', 'The on-call technician (from the CRM’s on-call shifts)'],
  ['acp_emergency', 'Your emergency windows'],
] as const;

function slotStrategyOf(name: SlotStrategy['name'], current: SlotStrategy): SlotStrategy {
  if (name === current.name) return current;
  if (name === 'earliest') return { name, args: { bufferMinutes: 60, durationHours: 2 } };
  if (name === 'acp_emergency') return { name, args: {} };
  return { name };
}

/** A datetime-local value in the browser's zone ↔ an ISO instant. */
function toLocalInput(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function EmergencySection({ ctx }: { ctx: SectionContext }) {
  const { form, card } = useSectionForm({
    ctx,
    section: 'emergencies',
    title: 'Emergencies',
    schema: EmergencyFormSchema,
    toValues: (v) => ({ emergency_config: v.emergency_config }),
    toSections: (values) => ({ emergency_config: values.emergency_config }),
    fields: ['emergency_config.snoozedTill', 'emergency_config.slotStrategy', 'emergency_config.qualifyStrategy'],
  });
  const errors = form.formState.errors.emergency_config;
  const enabled = form.watch('emergency_config.enabled');
  const offer = form.watch('emergency_config.offerSlotStrategy');
  return (
    <SectionCard
      {...card}
      help="When a caller's job meets one of your emergency conditions, your agent treats it as an emergency: it offers a callback from the on-call team, or promises the caller a slot. Notifications for emergencies are set in Settings → Notifications."
    >
      <Controller
        control={form.control}
        name="emergency_config.enabled"
        render={({ field }) => (
          <Flag
            label="Handle emergencies"
            help="Off: every job is booked as a regular job."
            checked={field.value ?? false}
            onChange={field.onChange}
            testId="emergency-enabled"
          />
        )}
      />
      {enabled ? (
        <Stack gap={4}>
          <Field.Root width="18rem" invalid={Boolean(errors?.snoozedTill)}>
            <Field.Label>Pause emergency handling until</Field.Label>
            <Controller
              control={form.control}
              name="emergency_config.snoozedTill"
              render={({ field }) => (
                <Input
                  size="sm"
                  type="datetime-local"
                  value={field.value ? toLocalInput(field.value) : ''}
                  onChange={(e) => field.onChange(e.target.value ? new Date(e.target.value).toISOString() : null)}
                  data-testid="emergency-snooze"
                />
              )}
            />
            <Field.HelperText>In your computer's time. Empty: not paused.</Field.HelperText>
            <Field.ErrorText>{errors?.snoozedTill?.message}</Field.ErrorText>
          </Field.Root>
          <Box>
            <Text fontSize="sm" fontWeight="medium" mb={1}>
              What counts as an emergency
            </Text>
            <Text fontSize="sm" color="fg.muted" mb={2}>
              A job is an emergency when every condition of at least one group holds. No group: no job is an emergency.
            </Text>
            <Controller
              control={form.control}
              name="emergency_config.qualifyStrategy"
              render={({ field }) => <QualifyRulesEditor groups={(field.value ?? []) as EmergencyConfig['qualifyStrategy']} onChange={field.onChange} />}
            />
            <FieldError message={firstError(errors?.qualifyStrategy)} testId="emergency-qualify-error" />
          </Box>
          <Field.Root>
            <Field.Label>Offer the caller</Field.Label>
            <Controller
              control={form.control}
              name="emergency_config.offerSlotStrategy"
              render={({ field }) => (
                <Select
                  label="Offer the caller"
                  value={field.value ?? 'callbacks'}
                  onChange={field.onChange}
                  options={OFFERS}
                  testId="emergency-offer"
                  width="20rem"
                />
              )}
            />
          </Field.Root>
          {offer === 'promise_slot' ? (
            <Controller
              control={form.control}
              name="emergency_config.slotStrategy"
              render={({ field }) => {
                const strategy: SlotStrategy = field.value ?? { name: 'earliest', args: { bufferMinutes: 60, durationHours: 2 } };
                return (
                  <Stack gap={3} pl={4} borderLeftWidth="2px" borderColor="border.muted">
                    <Field.Root>
                      <Field.Label>The promised slot goes to</Field.Label>
                      <Select
                        label="The promised slot goes to"
                        value={strategy.name}
                        onChange={(name) => field.onChange(slotStrategyOf(name, strategy))}
                        options={STRATEGIES}
                        testId="emergency-slot-strategy"
                        width="24rem"
                      />
                      <Field.HelperText>
                        {strategy.name === 'acp_emergency'
                          ? 'The first of your windows below with a free technician, within a week; emergency hours are not used.'
                          : strategy.name === 'earliest'
                            ? 'The first quarter hour, inside your emergency hours and after the notice, when any technician of the trade is free.'
                            : "The first quarter hour, inside your emergency hours, when a technician on an on-call shift in your CRM is free; it lasts the job type's length."}{' '}
                        With no slot free, the caller gets a callback.
                      </Field.HelperText>
                    </Field.Root>
                    {strategy.name === 'earliest' ? (
                      <HStack gap={4} wrap="wrap">
                        <Field.Root width="12rem">
                          <Field.Label>Notice (minutes)</Field.Label>
                          <Input
                            size="sm"
                            type="number"
                            min={0}
                            value={String(strategy.args.bufferMinutes)}
                            onChange={(e) => field.onChange({ name: 'earliest', args: { ...strategy.args, bufferMinutes: Number(e.target.value) } })}
                            data-testid="emergency-buffer-minutes"
                          />
                        </Field.Root>
                        <Field.Root width="12rem">
                          <Field.Label>Slot length (hours)</Field.Label>
                          <Input
                            size="sm"
                            type="number"
                            min={0.25}
                            step={0.25}
                            value={String(strategy.args.durationHours)}
                            onChange={(e) => field.onChange({ name: 'earliest', args: { ...strategy.args, durationHours: Number(e.target.value) } })}
                          />
                        </Field.Root>
                      </HStack>
                    ) : null}
                    {strategy.name === 'acp_emergency' ? (
                      <Stack gap={2} data-testid="emergency-windows">
                        {WEEKDAYS.map((day) => (
                          <HStack key={day} gap={2} align="center" wrap="wrap">
                            <Text fontSize="sm" width="6.5rem">
                              {day}
                            </Text>
                            <SlotListEditor
                              label={`${day} emergency window`}
                              slots={strategy.args[day] ?? []}
                              onChange={(slots) => field.onChange({ name: 'acp_emergency', args: { ...strategy.args, [day]: slots } })}
                              testId={`emergency-windows-${day}`}
                              empty="None"
                            />
                          </HStack>
                        ))}
                      </Stack>
                    ) : null}
                    <FieldError message={firstError(errors?.slotStrategy)} />
                  </Stack>
                );
              }}
            />
          ) : null}
        </Stack>
      ) : null}
    </SectionCard>
  );
}

export function TechniciansSection({ ctx, trades }: { ctx: SectionContext; trades: readonly string[] }) {
  const { form, card } = useSectionForm({
    ctx,
    section: 'technicians',
    title: 'Technicians and zones',
    schema: TechniciansFormSchema,
    toValues: (v) => ({
      autoAssignTech: v.autoAssignTech,
      skillBasedAvailability: v.skillBasedAvailability,
      assignDummyTech: v.assignDummyTech,
      defaultDummyTechs: v.defaultDummyTechs,
      feature_flags: v.feature_flags,
      adp_config: v.adp_config,
    }),
    toSections: (values) => values,
    fields: ['defaultDummyTechs'],
  });
  const dummy = form.watch('assignDummyTech');
  const flag = (name: 'autoAssignTech' | 'skillBasedAvailability' | 'assignDummyTech', label: string, help: string, testId: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => <Flag label={label} help={help} checked={field.value} onChange={field.onChange} testId={testId} />}
    />
  );
  return (
    <SectionCard {...card} help={`How the capacity check uses the technicians and zones in your CRM (${ctx.view.crm_name}).`}>
      {flag('autoAssignTech', 'Assign the technician for me', 'A booked job goes to the free technician with the fewest hours booked that day.', 'auto-assign')}
      {flag(
        'skillBasedAvailability',
        'Count only technicians with the right skills',
        'Only technicians whose skills match the job type count as free.',
        'skill-based',
      )}
      {flag(
        'assignDummyTech',
        'Book onto a placeholder technician',
        'Jobs are booked onto one placeholder technician per trade, for your dispatcher to assign later.',
        'dummy-tech',
      )}
      {dummy ? (
        <Controller
          control={form.control}
          name="defaultDummyTechs"
          render={({ field }) => (
            <Stack gap={2} pl={6} data-testid="dummy-techs">
              {trades.map((trade) => (
                <HStack key={trade} gap={2}>
                  <Text fontSize="sm" width="8rem">
                    {trade.replace('_', ' ')}
                  </Text>
                  <Input
                    size="sm"
                    width="12rem"
                    placeholder="CRM technician id"
                    aria-label={`Placeholder technician for ${trade}`}
                    value={(field.value as Record<string, string | undefined>)[trade] ?? ''}
                    onChange={(e) => {
                      const next: Record<string, string | undefined> = { ...field.value };
                      if (e.target.value.trim()) next[trade] = e.target.value.trim();
                      else delete next[trade];
                      field.onChange(next);
                    }}
                  />
                </HStack>
              ))}
              <FieldError message={firstError(form.formState.errors.defaultDummyTechs)} />
            </Stack>
          )}
        />
      ) : null}
      <Controller
        control={form.control}
        name="feature_flags"
        render={({ field }) => (
          <Flag
            label="Zones by zip code"
            help="The agent asks for the caller's zip code, and only technicians of that zone are offered."
            checked={field.value.has_zones ?? false}
            onChange={(has_zones) => field.onChange({ ...field.value, has_zones })}
            testId="has-zones"
          />
        )}
      />
      <Controller
        control={form.control}
        name="adp_config"
        render={({ field }) => (
          <Flag
            label="Use business units"
            help="Kept with your settings for the CRM; the capacity check does not use it yet."
            checked={field.value.useBusinessUnits ?? true}
            onChange={(useBusinessUnits) => field.onChange({ useBusinessUnits })}
            testId="use-business-units"
          />
        )}
      />
    </SectionCard>
  );
}
