import { Alert, Badge, Box, Button, Card, Field, HStack, Input, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { EmptyNotice } from '../../../components/empty-notice';
import { errorMessage, ErrorNotice } from '../../../components/error-notice';
import { LoadingNotice } from '../../../components/loading-notice';
import { Page } from '../../../components/page';
import { useSelectedOrg } from '../../organizations/selected-org';
import { createSchedulingRule, deleteSchedulingRule, updateSchedulingRule, useSchedulingRules } from '../api/scheduling-rules.api';
import { CONDITION_TYPES, RELATIVE_RANGE_TYPES, type ConditionType, type RelativeRangeType, type Rule } from '../api/scheduling-rules.schema';
import { CONDITION_LABELS, describeConditions, describePeriod, EMPTY_FORM, fromForm, RELATIVE_LABELS, toForm, type RuleForm } from '../rule-form';

const STATE_BADGES: Record<Rule['state'], { label: string; palette: string }> = {
  active: { label: 'Active', palette: 'green' },
  scheduled: { label: 'Scheduled', palette: 'blue' },
  expired: { label: 'Expired', palette: 'gray' },
  off: { label: 'Off', palette: 'gray' },
};

const VALUE_HINTS: Record<ConditionType, string> = {
  JobType: 'Job type ids, e.g. 101, 102',
  Weekday: 'e.g. Saturday, Sunday',
  BusinessUnit: 'Business unit ids, e.g. 1',
  Zone: 'Zone ids, e.g. 701',
  Technician: 'Technician ids, e.g. 1001',
  Skill: 'e.g. HVAC, Sales',
  ShiftType: 'Normal or OnCall',
};

function Select<T extends string>(props: {
  label: string;
  value: T;
  options: readonly T[];
  labels?: Record<T, string>;
  onChange: (v: T) => void;
  testId?: string;
  width?: string;
}) {
  return (
    <NativeSelect.Root size="sm" width={props.width ?? '12rem'}>
      <NativeSelect.Field aria-label={props.label} data-testid={props.testId} value={props.value} onChange={(e) => props.onChange(e.target.value as T)}>
        {props.options.map((o) => (
          <option key={o} value={o}>
            {props.labels?.[o] ?? o}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

function RuleEditor(props: { form: RuleForm; onChange: (f: RuleForm) => void; onSave: () => void; onCancel: () => void; saving: boolean; editing: boolean }) {
  const { form, onChange } = props;
  const set = <K extends keyof RuleForm>(key: K, value: RuleForm[K]) => onChange({ ...form, [key]: value });
  const setCondition = (i: number, change: Partial<RuleForm['conditions'][number]>) =>
    set(
      'conditions',
      form.conditions.map((c, j) => (j === i ? { ...c, ...change } : c)),
    );

  return (
    <Card.Root data-testid="rule-editor">
      <Card.Header>
        <Card.Title>{props.editing ? 'Edit rule' : 'New rule'}</Card.Title>
        <Card.Description>
          When every condition matches a booking on a day the rule covers, bookings stop once the matching technicians are more than the threshold booked.
        </Card.Description>
      </Card.Header>
      <Card.Body>
        <Stack gap={4}>
          <HStack gap={4} align="start" wrap="wrap">
            <Field.Root required width="20rem">
              <Field.Label>Name</Field.Label>
              <Input size="sm" value={form.name} onChange={(e) => set('name', e.target.value)} data-testid="rule-name" />
            </Field.Root>
            <Field.Root width="24rem">
              <Field.Label>Description</Field.Label>
              <Input size="sm" value={form.description} onChange={(e) => set('description', e.target.value)} data-testid="rule-description" />
            </Field.Root>
          </HStack>

          <Box>
            <Text fontWeight="semibold" fontSize="sm" mb={2}>
              Conditions (all must match)
            </Text>
            <Stack gap={2}>
              {form.conditions.length === 0 ? (
                <Text fontSize="sm" color="fg.muted">
                  No conditions: the rule covers every booking.
                </Text>
              ) : null}
              {form.conditions.map((c, i) => (
                <HStack key={i} gap={2} data-testid={`rule-condition-${i}`}>
                  <Select
                    label="Condition type"
                    value={c.type}
                    options={CONDITION_TYPES}
                    labels={CONDITION_LABELS}
                    onChange={(type) => setCondition(i, { type })}
                    testId={`rule-condition-type-${i}`}
                  />
                  <Input
                    size="sm"
                    width="22rem"
                    placeholder={VALUE_HINTS[c.type]}
                    value={c.values}
                    onChange={(e) => setCondition(i, { values: e.target.value })}
                    aria-label="Condition values"
                    data-testid={`rule-condition-values-${i}`}
                  />
                  <Button
                    size="xs"
                    variant="ghost"
                    onClick={() =>
                      set(
                        'conditions',
                        form.conditions.filter((_, j) => j !== i),
                      )
                    }
                  >
                    Remove
                  </Button>
                </HStack>
              ))}
              <Box>
                <Button
                  size="xs"
                  variant="outline"
                  onClick={() => set('conditions', [...form.conditions, { type: 'JobType', values: '' }])}
                  data-testid="rule-add-condition"
                >
                  Add condition
                </Button>
              </Box>
            </Stack>
          </Box>

          <HStack gap={4} align="end" wrap="wrap">
            <Field.Root width="auto">
              <Field.Label>Active</Field.Label>
              <Select
                label="Activation period"
                value={form.period}
                options={['ongoing', 'dateRange', 'relativeRange'] as const}
                labels={{ ongoing: 'Ongoing', dateRange: 'Between dates', relativeRange: 'Relative to today' }}
                onChange={(v) => set('period', v)}
                testId="rule-period"
              />
            </Field.Root>
            {form.period === 'dateRange' ? (
              <>
                <Field.Root width="11rem">
                  <Field.Label>From</Field.Label>
                  <Input size="sm" type="date" value={form.startDate} onChange={(e) => set('startDate', e.target.value)} data-testid="rule-start-date" />
                </Field.Root>
                <Field.Root width="11rem">
                  <Field.Label>To</Field.Label>
                  <Input size="sm" type="date" value={form.endDate} onChange={(e) => set('endDate', e.target.value)} data-testid="rule-end-date" />
                </Field.Root>
              </>
            ) : null}
            {form.period === 'relativeRange' ? (
              <>
                <Select
                  label="Relative range"
                  value={form.relative}
                  options={RELATIVE_RANGE_TYPES}
                  labels={RELATIVE_LABELS}
                  onChange={(v: RelativeRangeType) => set('relative', v)}
                  testId="rule-relative"
                  width="10rem"
                />
                {form.relative === 'custom' ? (
                  <>
                    <Field.Root width="8rem">
                      <Field.Label>From day</Field.Label>
                      <Input size="sm" type="number" min={0} value={form.relativeStart} onChange={(e) => set('relativeStart', e.target.value)} />
                    </Field.Root>
                    <Field.Root width="8rem">
                      <Field.Label>To day</Field.Label>
                      <Input size="sm" type="number" min={0} value={form.relativeEnd} onChange={(e) => set('relativeEnd', e.target.value)} />
                    </Field.Root>
                  </>
                ) : null}
              </>
            ) : null}
          </HStack>

          <HStack gap={4} align="end" wrap="wrap">
            <Field.Root required width="10rem">
              <Field.Label>Threshold (% booked)</Field.Label>
              <Input
                size="sm"
                type="number"
                min={0}
                max={100}
                value={form.threshold}
                onChange={(e) => set('threshold', e.target.value)}
                data-testid="rule-threshold"
              />
            </Field.Root>
            <Field.Root width="8rem">
              <Field.Label>Slots from</Field.Label>
              <Input size="sm" type="time" value={form.dayStart} onChange={(e) => set('dayStart', e.target.value)} />
            </Field.Root>
            <Field.Root width="8rem">
              <Field.Label>until</Field.Label>
              <Input size="sm" type="time" value={form.dayEnd} onChange={(e) => set('dayEnd', e.target.value)} />
            </Field.Root>
            <Field.Root width="auto">
              <Field.Label>Status</Field.Label>
              <Select
                label="Status"
                value={form.status ? 'on' : 'off'}
                options={['on', 'off'] as const}
                labels={{ on: 'On', off: 'Off' }}
                onChange={(v) => set('status', v === 'on')}
                testId="rule-status"
                width="7rem"
              />
            </Field.Root>
          </HStack>

          <HStack gap={2}>
            <Button size="sm" loading={props.saving} onClick={props.onSave} data-testid="rule-save">
              {props.editing ? 'Save rule' : 'Create rule'}
            </Button>
            <Button size="sm" variant="ghost" onClick={props.onCancel}>
              Cancel
            </Button>
          </HStack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

export function SchedulingRulesPage() {
  const { orgId } = useSelectedOrg();
  const rules = useSchedulingRules(orgId);
  const [editing, setEditing] = useState<{ id: string; isNew: boolean } | null>(null);
  const [form, setForm] = useState<RuleForm>(EMPTY_FORM);
  const [saving, setSaving] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const list = rules.data?.rules ?? [];

  function startNew() {
    setEditing({ id: crypto.randomUUID(), isNew: true });
    setForm(EMPTY_FORM);
    setNotice(null);
  }

  function startEdit(rule: Rule) {
    setEditing({ id: rule.id, isNew: false });
    setForm(toForm(rule));
    setNotice(null);
  }

  // The list is a read model that follows the save; show what was saved until it has caught up.
  async function showSaved(saved: Rule[], removed: string[] = []) {
    const byId = new Map(saved.map((r) => [r.id, r]));
    const kept = list.filter((r) => !removed.includes(r.id)).map((r) => byId.get(r.id) ?? r);
    const added = saved.filter((r) => !list.some((k) => k.id === r.id));
    await rules.mutate({ rules: [...kept, ...added] }, { revalidate: false });
    setTimeout(() => void rules.mutate(), 1500);
  }

  async function save() {
    if (!orgId || !editing) return;
    setSaving(true);
    setNotice(null);
    try {
      const rule = fromForm(form);
      if (editing.isNew) await showSaved((await createSchedulingRule(orgId, editing.id, rule)).rules);
      else await showSaved([await updateSchedulingRule(orgId, editing.id, rule)]);
      setNotice({ ok: true, text: `Rule “${rule.name}” saved.` });
      setEditing(null);
    } catch (error) {
      setNotice({ ok: false, text: errorMessage(error) });
    } finally {
      setSaving(false);
    }
  }

  async function toggle(rule: Rule) {
    if (!orgId) return;
    try {
      await showSaved([await updateSchedulingRule(orgId, rule.id, { status: !rule.status })]);
    } catch (error) {
      setNotice({ ok: false, text: errorMessage(error) });
    }
  }

  async function remove(rule: Rule) {
    if (!orgId) return;
    setConfirmDelete(null);
    try {
      await deleteSchedulingRule(orgId, rule.id);
      await showSaved([], [rule.id]);
      setNotice({ ok: true, text: `Rule “${rule.name}” deleted.` });
    } catch (error) {
      setNotice({ ok: false, text: errorMessage(error) });
    }
  }

  return (
    <Page
      title="Scheduling rules"
      description="Limits on what your agents may book: a rule stops bookings when its conditions match and the technicians it covers are booked past its threshold."
    >
      <Stack gap={4}>
        <HStack>
          <Button size="sm" onClick={startNew} disabled={!orgId || editing !== null} data-testid="rule-new">
            New rule
          </Button>
        </HStack>
        {notice ? (
          <Alert.Root status={notice.ok ? 'success' : 'error'} data-testid={notice.ok ? 'rule-saved' : 'rule-error'}>
            <Alert.Indicator />
            <Alert.Description>{notice.text}</Alert.Description>
          </Alert.Root>
        ) : null}
        {editing ? (
          <RuleEditor form={form} onChange={setForm} onSave={() => void save()} onCancel={() => setEditing(null)} saving={saving} editing={!editing.isNew} />
        ) : null}
        {rules.error ? (
          <ErrorNotice error={rules.error} onRetry={() => void rules.mutate()} />
        ) : !rules.data ? (
          <LoadingNotice label="Loading scheduling rules" />
        ) : list.length === 0 ? (
          <EmptyNotice
            symbol="≡"
            title="No scheduling rules yet"
            description="Create a rule to cap bookings, for example to keep Saturdays for emergencies or to stop booking installs once the crew is 70% booked."
          />
        ) : (
          <Table.Root size="sm" data-testid="rules-table">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Rule</Table.ColumnHeader>
                <Table.ColumnHeader>Conditions</Table.ColumnHeader>
                <Table.ColumnHeader>Active</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Threshold</Table.ColumnHeader>
                <Table.ColumnHeader>Status</Table.ColumnHeader>
                <Table.ColumnHeader />
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {list.map((rule) => (
                <Table.Row key={rule.id} data-testid={`rule-row-${rule.id}`}>
                  <Table.Cell>
                    <Text fontWeight="semibold">{rule.name}</Text>
                    {rule.description ? (
                      <Text fontSize="xs" color="fg.muted">
                        {rule.description}
                      </Text>
                    ) : null}
                  </Table.Cell>
                  <Table.Cell>{describeConditions(rule.conditions)}</Table.Cell>
                  <Table.Cell>
                    {describePeriod(rule.activation_period)}
                    {rule.day_start || rule.day_end ? `, ${rule.day_start ?? '00:00'}–${rule.day_end ?? '24:00'}` : ''}
                  </Table.Cell>
                  <Table.Cell textAlign="end">{rule.threshold}%</Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={STATE_BADGES[rule.state].palette}>{STATE_BADGES[rule.state].label}</Badge>
                  </Table.Cell>
                  <Table.Cell>
                    <HStack gap={1} justify="end">
                      <Button size="xs" variant="ghost" onClick={() => void toggle(rule)} data-testid={`rule-toggle-${rule.id}`}>
                        {rule.status ? 'Switch off' : 'Switch on'}
                      </Button>
                      <Button size="xs" variant="ghost" onClick={() => startEdit(rule)} disabled={editing !== null} data-testid={`rule-edit-${rule.id}`}>
                        Edit
                      </Button>
                      {confirmDelete === rule.id ? (
                        <Button size="xs" colorPalette="red" onClick={() => void remove(rule)} data-testid={`rule-confirm-delete-${rule.id}`}>
                          Confirm delete
                        </Button>
                      ) : (
                        <Button size="xs" variant="ghost" colorPalette="red" onClick={() => setConfirmDelete(rule.id)} data-testid={`rule-delete-${rule.id}`}>
                          Delete
                        </Button>
                      )}
                    </HStack>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </Stack>
    </Page>
  );
}
