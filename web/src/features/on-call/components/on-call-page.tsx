import { Alert, Badge, Box, Button, HStack, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { errorMessage, ErrorNotice } from '../../../components/error-notice';
import { LoadingNotice } from '../../../components/loading-notice';
import { Page } from '../../../components/page';
import { useOrganization } from '../../organizations/api/organization.api';
import { useSelectedOrg } from '../../organizations/selected-org';
import { saveOnCallMonth, useCrmWorkers, useOnCallMonth } from '../api/on-call.api';
import type { CrmWorker, OnCallDay } from '../api/on-call.schema';
import { assign, assigned, employeeNames, isCalendarDate, monthDays, type OnCallRole } from '../on-call-schedule';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

function currentMonth(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
}

function PersonPicker(props: { date: string; role: OnCallRole; workers: CrmWorker[]; value: string; onChange: (worker: CrmWorker | null) => void }) {
  const { date, role, workers, value, onChange } = props;
  return (
    <NativeSelect.Root size="xs">
      <NativeSelect.Field
        aria-label={`${role} on call ${date}`}
        data-testid={`oncall-${role === 'Technician' ? 'tech' : 'manager'}-${date}`}
        value={value}
        onChange={(e) => onChange(workers.find((w) => w.id === e.target.value) ?? null)}
      >
        <option value="">{role === 'Technician' ? 'No technician' : 'No manager'}</option>
        {workers.map((w) => (
          <option key={w.id} value={w.id}>
            {w.name}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

export function OnCallPage() {
  const { orgId } = useSelectedOrg();
  const org = useOrganization(orgId);
  const [monthInput, setMonthInput] = useState(currentMonth);
  const [dayInput, setDayInput] = useState('');
  const [month, setMonth] = useState(currentMonth);
  const trades = org.data?.trades_offered ?? [];
  const [department, setDepartment] = useState<string>('');
  const schedule = useOnCallMonth(orgId, month);
  const technicians = useCrmWorkers(orgId, 'technicians');
  const employees = useCrmWorkers(orgId, 'employees');
  const [days, setDays] = useState<OnCallDay[]>([]);
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    if (!department && trades.length > 0) setDepartment(trades[0]);
  }, [department, trades]);
  useEffect(() => {
    if (schedule.data && !dirty) setDays(schedule.data.assignments);
  }, [schedule.data, dirty]);

  function showMonth() {
    setNotice(null);
    setDirty(false);
    setMonth(monthInput.trim());
  }

  /** Jumps to the month of a day typed as YYYY-MM-DD (001 §5 on-call date message otherwise). */
  function goToDay() {
    const day = dayInput.trim();
    if (!isCalendarDate(day)) {
      setNotice({ ok: false, text: 'Must be YYYY-MM-DD format' });
      return;
    }
    setMonthInput(day.slice(0, 7));
    setNotice(null);
    setDirty(false);
    setMonth(day.slice(0, 7));
  }

  function change(date: string, role: OnCallRole, worker: CrmWorker | null) {
    setDays((current) => assign(current, date, department, role, worker));
    setDirty(true);
    setNotice(null);
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
    } catch (error) {
      setNotice({ ok: false, text: errorMessage(error) });
    } finally {
      setSaving(false);
    }
  }

  const calendar = /^\d{4}-\d{2}$/.test(month) && !schedule.error ? monthDays(month) : null;

  return (
    <Page title="On-call" description="Who is on call each day, per trade: the technician paged for emergencies and the manager it escalates to.">
      <Stack gap={4}>
        <HStack gap={3} wrap="wrap">
          <Text fontSize="sm">Month</Text>
          <Input
            size="sm"
            width="9rem"
            placeholder="YYYY-MM"
            value={monthInput}
            onChange={(e) => setMonthInput(e.target.value)}
            onKeyDown={(e) => e.key === 'Enter' && showMonth()}
            data-testid="oncall-month"
            aria-label="Month (YYYY-MM)"
          />
          <Button size="sm" variant="outline" onClick={showMonth} data-testid="oncall-show">
            Show
          </Button>
          <Input
            size="sm"
            width="9rem"
            placeholder="YYYY-MM-DD"
            value={dayInput}
            onChange={(e) => setDayInput(e.target.value)}
            onKeyDown={(e) => e.key === 'Enter' && goToDay()}
            data-testid="oncall-day-input"
            aria-label="Day (YYYY-MM-DD)"
          />
          <Button size="sm" variant="outline" onClick={goToDay} data-testid="oncall-go-to-day">
            Go to day
          </Button>
          <HStack gap={3} ml={{ md: 4 }}>
            <Text fontSize="sm">Trade</Text>
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
          </HStack>
          <Button size="sm" ml="auto" loading={saving} disabled={!dirty || !calendar} onClick={() => void save()} data-testid="oncall-save">
            Save month
          </Button>
        </HStack>
        {notice ? (
          <Alert.Root status={notice.ok ? 'success' : 'error'} data-testid={notice.ok ? 'oncall-saved' : 'oncall-error'}>
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
          <Box>
            {technicians.data.length === 0 && employees.data.length === 0 ? (
              <Text fontSize="sm" color="fg.muted" mb={2}>
                Your CRM lists nobody to put on call.
              </Text>
            ) : null}
            {/* A week a row from 768 px up; on a phone, a day a row, so the names in its pickers can be read. */}
            <SimpleGrid columns={{ base: 1, md: 7 }} gap={2} data-testid="oncall-calendar">
              {WEEKDAYS.map((d) => (
                <Text key={d} display={{ base: 'none', md: 'block' }} fontSize="xs" fontWeight="semibold" color="fg.muted" textAlign="center">
                  {d}
                </Text>
              ))}
              {Array.from({ length: calendar.leadingBlanks }, (_, i) => (
                <Box key={`blank-${i}`} display={{ base: 'none', md: 'block' }} />
              ))}
              {calendar.dates.map((date, index) => {
                const tech = assigned(days, date, department, 'Technician');
                const manager = assigned(days, date, department, 'Manager');
                return (
                  <Stack
                    key={date}
                    gap={1}
                    borderWidth="1px"
                    borderRadius="md"
                    p={2}
                    bg={tech || manager ? 'green.50' : 'white'}
                    data-testid={`oncall-day-${date}`}
                  >
                    <HStack justify="space-between">
                      <Text fontSize="sm" fontWeight="semibold">
                        <Box as="span" display={{ base: 'inline', md: 'none' }}>
                          {WEEKDAYS[(calendar.leadingBlanks + index) % 7]}{' '}
                        </Box>
                        {Number(date.slice(8))}
                      </Text>
                      {tech ? <Badge size="xs">{tech.name}</Badge> : null}
                    </HStack>
                    <PersonPicker
                      date={date}
                      role="Technician"
                      workers={technicians.data!}
                      value={tech ? String(tech.employeeId) : ''}
                      onChange={(w) => change(date, 'Technician', w)}
                    />
                    <PersonPicker
                      date={date}
                      role="Manager"
                      workers={employees.data!}
                      value={manager ? String(manager.employeeId) : ''}
                      onChange={(w) => change(date, 'Manager', w)}
                    />
                  </Stack>
                );
              })}
            </SimpleGrid>
          </Box>
        )}
      </Stack>
    </Page>
  );
}
