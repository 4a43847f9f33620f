import { Alert, Badge, Box, Button, Card, HStack, IconButton, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { errorMessage, ErrorNotice } from '../../../components/error-notice';
import { LoadingNotice } from '../../../components/loading-notice';
import { Page } from '../../../components/page';
import { toastSaved } from '../../../components/toaster';
import { DiscardDialog, UnsavedChangesGuard } from '../../../components/unsaved-changes';
import { useOrganization } from '../../organizations/api/organization.api';
import { useSelectedOrg } from '../../organizations/selected-org';
import { saveOnCallMonth, useCrmWorkers, useOnCallMonth } from '../api/on-call.api';
import type { CrmWorker, OnCallDay } from '../api/on-call.schema';
import {
  assign,
  assigned,
  assignMany,
  calendarWeeks,
  employeeNames,
  isCalendarDate,
  monthDays,
  monthTitle,
  repeatPreviousWeek,
  shiftMonth,
  type OnCallRole,
} from '../on-call-schedule';
import { todayIn } from '../../../lib/days';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

function PersonPicker(props: {
  label: string;
  role: OnCallRole;
  workers: CrmWorker[];
  value: string;
  onChange: (worker: CrmWorker | null) => void;
  testId: string;
  withPhone?: boolean;
}) {
  const { role, workers, value, onChange } = props;
  return (
    <NativeSelect.Root size="xs">
      <NativeSelect.Field
        aria-label={props.label}
        data-testid={props.testId}
        value={value}
        onChange={(e) => onChange(workers.find((w) => w.id === e.target.value) ?? null)}
      >
        <option value="">{role === 'Technician' ? 'No technician' : 'No manager'}</option>
        {workers.map((w) => (
          <option key={w.id} value={w.id}>
            {props.withPhone && w.phoneNumber ? `${w.name} · ${w.phoneNumber}` : w.name}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/** Pick a technician and a manager once, then put them on call on the days ticked in the calendar. */
function PeoplePicker(props: {
  technicians: CrmWorker[];
  employees: CrmWorker[];
  selected: string[];
  onAssign: (tech: CrmWorker | null, manager: CrmWorker | null) => void;
  onClearSelection: () => void;
}) {
  const [tech, setTech] = useState<CrmWorker | null>(null);
  const [manager, setManager] = useState<CrmWorker | null>(null);
  const n = props.selected.length;
  return (
    <Card.Root size="sm" data-testid="oncall-picker">
      <Card.Body>
        <Stack gap={2}>
          <Text fontSize="sm">
            Tick days in the calendar, choose who is on call, then put them on those days. {n > 0 ? `${n} day${n === 1 ? '' : 's'} ticked.` : 'No days ticked.'}
          </Text>
          <HStack gap={3} wrap="wrap" align="end">
            <Box width="16rem">
              <Text fontSize="xs" color="fg.muted">
                Technician
              </Text>
              <PersonPicker
                label="Technician to put on call"
                role="Technician"
                workers={props.technicians}
                value={tech?.id ?? ''}
                onChange={setTech}
                testId="oncall-pick-tech"
                withPhone
              />
            </Box>
            <Box width="16rem">
              <Text fontSize="xs" color="fg.muted">
                Manager
              </Text>
              <PersonPicker
                label="Manager to put on call"
                role="Manager"
                workers={props.employees}
                value={manager?.id ?? ''}
                onChange={setManager}
                testId="oncall-pick-manager"
                withPhone
              />
            </Box>
            <Button size="sm" disabled={n === 0 || (!tech && !manager)} onClick={() => props.onAssign(tech, manager)} data-testid="oncall-assign">
              Put on call on {n} day{n === 1 ? '' : 's'}
            </Button>
            <Button size="sm" variant="ghost" disabled={n === 0} onClick={props.onClearSelection}>
              Untick all
            </Button>
          </HStack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

export function OnCallPage() {
  const { orgId } = useSelectedOrg();
  const org = useOrganization(orgId);
  const today = todayIn(org.data?.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone);
  const [month, setMonth] = useState(() => today.slice(0, 7));
  const [monthInput, setMonthInput] = useState(month);
  const [dayInput, setDayInput] = useState('');
  const trades = org.data?.trades_offered ?? [];
  const [department, setDepartment] = useState<string>('');
  const schedule = useOnCallMonth(orgId, month);
  const validMonth = /^\d{4}-(0[1-9]|1[0-2])$/.test(month);
  const previous = useOnCallMonth(validMonth ? orgId : null, validMonth ? shiftMonth(month, -1) : month);
  const technicians = useCrmWorkers(orgId, 'technicians');
  const employees = useCrmWorkers(orgId, 'employees');
  const [days, setDays] = useState<OnCallDay[]>([]);
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const [pendingMonth, setPendingMonth] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string; testId?: string } | null>(null);

  useEffect(() => {
    if (!department && trades.length > 0) setDepartment(trades[0]);
  }, [department, trades]);
  useEffect(() => {
    if (schedule.data && !dirty) setDays(schedule.data.assignments);
  }, [schedule.data, dirty]);

  function goTo(next: string, force = false) {
    if (dirty && !force && next !== month) {
      setPendingMonth(next);
      return;
    }
    setPendingMonth(null);
    setNotice(null);
    setDirty(false);
    setSelected([]);
    setMonthInput(next);
    setMonth(next);
  }

  /** Jumps to the month of a day typed as YYYY-MM-DD (001 §5 on-call date message otherwise). */
  function goToDay() {
    const day = dayInput.trim();
    if (!isCalendarDate(day)) {
      setNotice({ ok: false, text: 'Must be YYYY-MM-DD format' });
      return;
    }
    goTo(day.slice(0, 7));
  }

  function edit(next: OnCallDay[]) {
    setDays(next);
    setDirty(true);
    setNotice(null);
  }

  function repeatWeek(week: string[]) {
    const { days: next, changed } = repeatPreviousWeek(days, previous.data?.assignments ?? [], week);
    edit(next);
    setNotice({
      ok: true,
      testId: 'oncall-repeated',
      text:
        changed === 0
          ? 'That week already matches the week before.'
          : `Copied the week before onto ${changed} day${changed === 1 ? '' : 's'}, every trade. Save the month to keep it.`,
    });
  }

  async function save() {
    if (!orgId) return;
    setSaving(true);
    setNotice(null);
    try {
      const saved = await saveOnCallMonth(orgId, month, days, employeeNames(days));
      setDays(saved.assignments);
      setDirty(false);
      // The read model follows the save; keep showing what was saved until it has.
      await schedule.mutate({ month: saved.month, assignments: saved.assignments }, { revalidate: false });
      setNotice({ ok: true, text: `On-call schedule for ${saved.month} saved.` });
      toastSaved(`On-call schedule for ${monthTitle(saved.month)} saved`, 'oncall-saved-toast');
    } catch (error) {
      setNotice({ ok: false, text: errorMessage(error) });
    } finally {
      setSaving(false);
    }
  }

  const calendar = validMonth && !schedule.error ? monthDays(month) : null;
  const toggle = (date: string) => setSelected((s) => (s.includes(date) ? s.filter((d) => d !== date) : [...s, date]));

  return (
    <Page title="On-call" description="Who is on call each day, per trade: the technician paged for emergencies and the manager it escalates to.">
      <UnsavedChangesGuard when={dirty} what={`the on-call changes for ${validMonth ? monthTitle(month) : month}`} />
      <DiscardDialog
        open={pendingMonth !== null}
        what={`the on-call changes for ${validMonth ? monthTitle(month) : month}`}
        onStay={() => setPendingMonth(null)}
        onLeave={() => pendingMonth && goTo(pendingMonth, true)}
      />
      <Stack gap={4}>
        <HStack gap={2} wrap="wrap">
          <IconButton
            size="sm"
            variant="outline"
            aria-label="Previous month"
            disabled={!validMonth}
            onClick={() => goTo(shiftMonth(month, -1))}
            data-testid="oncall-prev"
          >
            ‹
          </IconButton>
          <Text fontSize="lg" fontWeight="semibold" minWidth="11rem" textAlign="center" data-testid="oncall-month-title">
            {validMonth ? monthTitle(month) : month}
          </Text>
          <IconButton
            size="sm"
            variant="outline"
            aria-label="Next month"
            disabled={!validMonth}
            onClick={() => goTo(shiftMonth(month, 1))}
            data-testid="oncall-next"
          >
            ›
          </IconButton>
          <Button size="sm" variant="ghost" onClick={() => goTo(today.slice(0, 7))} data-testid="oncall-today">
            Today
          </Button>
          <Text fontSize="sm" ml={{ base: 0, md: 4 }}>
            Trade
          </Text>
          <NativeSelect.Root size="sm" width="12rem">
            <NativeSelect.Field value={department} onChange={(e) => setDepartment(e.target.value)} data-testid="oncall-department" aria-label="Trade">
              {trades.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <HStack gap={2} ml="auto">
            {dirty ? (
              <Badge colorPalette="orange" data-testid="oncall-dirty">
                Unsaved changes
              </Badge>
            ) : null}
            <Button size="sm" loading={saving} disabled={!dirty || !calendar} onClick={() => void save()} data-testid="oncall-save">
              Save month
            </Button>
          </HStack>
        </HStack>
        <HStack gap={2} wrap="wrap" fontSize="sm">
          <Text color="fg.muted">Jump to</Text>
          <Input
            size="xs"
            width="7rem"
            placeholder="YYYY-MM"
            value={monthInput}
            onChange={(e) => setMonthInput(e.target.value)}
            onKeyDown={(e) => e.key === 'Enter' && goTo(monthInput.trim())}
            data-testid="oncall-month"
            aria-label="Month (YYYY-MM)"
          />
          <Button size="xs" variant="outline" onClick={() => goTo(monthInput.trim())} data-testid="oncall-show">
            Show month
          </Button>
          <Input
            size="xs"
            width="8rem"
            placeholder="YYYY-MM-DD"
            value={dayInput}
            onChange={(e) => setDayInput(e.target.value)}
            onKeyDown={(e) => e.key === 'Enter' && goToDay()}
            data-testid="oncall-day-input"
            aria-label="Day (YYYY-MM-DD)"
          />
          <Button size="xs" variant="outline" onClick={goToDay} data-testid="oncall-go-to-day">
            Go to day
          </Button>
        </HStack>
        {notice ? (
          <Alert.Root status={notice.ok ? 'success' : 'error'} data-testid={notice.testId ?? (notice.ok ? 'oncall-saved' : 'oncall-error')}>
            <Alert.Indicator />
            <Alert.Description>{notice.text}</Alert.Description>
          </Alert.Root>
        ) : null}
        {schedule.error ? (
          <Box data-testid="oncall-error">
            <ErrorNotice error={schedule.error} title={`Could not load ${month}`} />
          </Box>
        ) : technicians.error || employees.error ? (
          <ErrorNotice error={technicians.error ?? employees.error} title="Could not load the CRM's people" />
        ) : !calendar || schedule.isLoading || !technicians.data || !employees.data ? (
          <LoadingNotice label="Loading the schedule" />
        ) : (
          <Stack gap={3}>
            {technicians.data.length === 0 && employees.data.length === 0 ? (
              <Text fontSize="sm" color="fg.muted">
                Your CRM lists nobody to put on call.
              </Text>
            ) : (
              <PeoplePicker
                technicians={technicians.data}
                employees={employees.data}
                selected={selected}
                onClearSelection={() => setSelected([])}
                onAssign={(tech, manager) => {
                  let next = days;
                  if (tech) next = assignMany(next, selected, department, 'Technician', tech);
                  if (manager) next = assignMany(next, selected, department, 'Manager', manager);
                  edit(next);
                  setSelected([]);
                }}
              />
            )}
            <Box overflowX="auto">
              {/* A week per row from 768 px up; on a phone one day per row, each week ending with its repeat button. */}
              <Box minWidth={{ base: 0, md: '48rem' }}>
                <SimpleGrid templateColumns={{ base: '1fr', md: 'repeat(7, minmax(0, 1fr)) 7rem' }} gap={2} data-testid="oncall-calendar">
                  {WEEKDAYS.map((d) => (
                    <Text key={d} fontSize="xs" fontWeight="semibold" color="fg.muted" textAlign="center" display={{ base: 'none', md: 'block' }}>
                      {d}
                    </Text>
                  ))}
                  <Box display={{ base: 'none', md: 'block' }} />
                  {calendarWeeks(month).map((week, wi) => [
                    ...(wi === 0
                      ? Array.from({ length: calendar.leadingBlanks }, (_, i) => <Box key={`blank-${i}`} display={{ base: 'none', md: 'block' }} />)
                      : []),
                    ...week.map((date) => {
                      const tech = assigned(days, date, department, 'Technician');
                      const manager = assigned(days, date, department, 'Manager');
                      const isToday = date === today;
                      const ticked = selected.includes(date);
                      return (
                        <Stack
                          key={date}
                          gap={1}
                          borderWidth={isToday ? '2px' : '1px'}
                          borderColor={isToday ? 'blue.500' : ticked ? 'blue.300' : 'border'}
                          borderRadius="md"
                          p={2}
                          bg={ticked ? 'blue.50' : tech || manager ? 'green.50' : 'bg'}
                          data-testid={`oncall-day-${date}`}
                          aria-current={isToday ? 'date' : undefined}
                        >
                          <HStack justify="space-between" gap={1}>
                            <HStack as="label" gap={1} cursor="pointer">
                              <input
                                type="checkbox"
                                checked={ticked}
                                onChange={() => toggle(date)}
                                aria-label={`Tick ${date}`}
                                data-testid={`oncall-tick-${date}`}
                              />
                              <Text fontSize="sm" fontWeight="semibold">
                                <Text as="span" display={{ base: 'inline', md: 'none' }}>
                                  {WEEKDAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]}{' '}
                                </Text>
                                {Number(date.slice(8))}
                              </Text>
                            </HStack>
                            {isToday ? (
                              <Badge size="xs" colorPalette="blue" data-testid="oncall-today-badge">
                                Today
                              </Badge>
                            ) : null}
                          </HStack>
                          <PersonPicker
                            label={`Technician on call ${date}`}
                            role="Technician"
                            workers={technicians.data!}
                            value={tech ? String(tech.employeeId) : ''}
                            onChange={(w) => edit(assign(days, date, department, 'Technician', w))}
                            testId={`oncall-tech-${date}`}
                          />
                          <PersonPicker
                            label={`Manager on call ${date}`}
                            role="Manager"
                            workers={employees.data!}
                            value={manager ? String(manager.employeeId) : ''}
                            onChange={(w) => edit(assign(days, date, department, 'Manager', w))}
                            testId={`oncall-manager-${date}`}
                          />
                        </Stack>
                      );
                    }),
                    ...(wi === calendarWeeks(month).length - 1
                      ? Array.from({ length: 7 - week.length }, (_, i) => <Box key={`tail-${i}`} display={{ base: 'none', md: 'block' }} />)
                      : []),
                    <Box key={`repeat-${week[0]}`} alignSelf="center" pb={{ base: 3, md: 0 }}>
                      <Button
                        size="xs"
                        variant="outline"
                        whiteSpace="normal"
                        height="auto"
                        py={1}
                        onClick={() => repeatWeek(week)}
                        disabled={previous.isLoading}
                        data-testid={`oncall-repeat-${week[0]}`}
                        title="Copy who was on call the week before (every trade) onto this week"
                      >
                        Repeat last week
                      </Button>
                    </Box>,
                  ])}
                </SimpleGrid>
              </Box>
            </Box>
          </Stack>
        )}
      </Stack>
    </Page>
  );
}
