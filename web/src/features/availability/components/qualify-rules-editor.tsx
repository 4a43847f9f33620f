import { Box, Button, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import type { EmergencyConfig } from '../api/availability.schema';

type Group = EmergencyConfig['qualifyStrategy'][number];
type Rule = Group[number];
type RuleType = Rule['type'];

const RULE_LABELS: Record<RuleType, string> = {
  after_hours_buffer: 'The call comes after hours, or this many minutes before closing',
  priority: 'The job priority is one of',
  business_unit: 'The CRM business unit is one of',
  membership: 'The customer has a membership',
  job_type: 'The CRM job type is one of',
};

function newRule(type: RuleType): Rule {
  switch (type) {
    case 'after_hours_buffer':
      return { type, value: 30 };
    case 'membership':
      return { type, value: true };
    case 'priority':
      return { type, value: [] };
    case 'business_unit':
    case 'job_type':
      return { type, value: [] };
  }
}

const splitIds = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

function RuleValue({ rule, onChange, label }: { rule: Rule; onChange: (rule: Rule) => void; label: string }) {
  switch (rule.type) {
    case 'after_hours_buffer':
      return (
        <HStack gap={1}>
          <Input
            size="sm"
            type="number"
            min={0}
            width="6rem"
            aria-label={`${label}: minutes before closing`}
            value={String(rule.value)}
            onChange={(e) => onChange({ ...rule, value: Number(e.target.value) })}
          />
          <Text fontSize="sm">minutes</Text>
        </HStack>
      );
    case 'priority':
      return (
        <HStack gap={2}>
          {[1, 2, 3, 4, 5].map((p) => (
            <HStack as="label" key={p} gap={1} fontSize="sm">
              <input
                type="checkbox"
                aria-label={`${label}: priority ${p}`}
                checked={rule.value.includes(p)}
                onChange={(e) => onChange({ ...rule, value: e.target.checked ? [...rule.value, p].sort() : rule.value.filter((x) => x !== p) })}
              />
              {p}
            </HStack>
          ))}
        </HStack>
      );
    case 'membership':
      return (
        <NativeSelect.Root size="sm" width="8rem">
          <NativeSelect.Field
            aria-label={`${label}: membership`}
            value={rule.value ? 'yes' : 'no'}
            onChange={(e) => onChange({ ...rule, value: e.target.value === 'yes' })}
          >
            <option value="yes">Yes</option>
            <option value="no">No</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      );
    case 'business_unit':
    case 'job_type':
      return (
        <Input
          size="sm"
          width="14rem"
          placeholder="CRM ids, separated by commas"
          aria-label={`${label}: ids`}
          defaultValue={rule.value.join(', ')}
          onBlur={(e) => onChange({ ...rule, value: splitIds(e.target.value) })}
        />
      );
  }
}

/** The emergency conditions (qualifyStrategy): groups of conditions; a job is an emergency when all of one group hold. */
export function QualifyRulesEditor({ groups, onChange }: { groups: Group[]; onChange: (groups: Group[]) => void }) {
  const setGroup = (gi: number, group: Group) => onChange(groups.map((g, i) => (i === gi ? group : g)).filter((g) => g.length > 0));
  return (
    <Stack gap={3} data-testid="emergency-qualify">
      {groups.map((group, gi) => (
        <Box key={gi} borderWidth="1px" borderRadius="md" p={3} data-testid={`emergency-group-${gi}`}>
          <Text fontSize="sm" fontWeight="semibold" mb={2}>
            {gi === 0 ? 'Emergency when all of these hold' : 'Or when all of these hold'}
          </Text>
          <Stack gap={2}>
            {group.map((rule, ri) => {
              const label = `Group ${gi + 1} condition ${ri + 1}`;
              return (
                <HStack key={ri} gap={2} wrap="wrap">
                  <NativeSelect.Root size="sm" width="26rem" maxWidth="100%">
                    <NativeSelect.Field
                      aria-label={label}
                      value={rule.type}
                      onChange={(e) =>
                        setGroup(
                          gi,
                          group.map((r, j) => (j === ri ? newRule(e.target.value as RuleType) : r)),
                        )
                      }
                      data-testid={`emergency-rule-${gi}-${ri}`}
                    >
                      {(Object.keys(RULE_LABELS) as RuleType[]).map((t) => (
                        <option key={t} value={t}>
                          {RULE_LABELS[t]}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                  <RuleValue
                    key={rule.type}
                    rule={rule}
                    label={label}
                    onChange={(next) =>
                      setGroup(
                        gi,
                        group.map((r, j) => (j === ri ? next : r)),
                      )
                    }
                  />
                  <Button
                    size="xs"
                    variant="ghost"
                    aria-label={`Remove ${label}`}
                    onClick={() =>
                      setGroup(
                        gi,
                        group.filter((_, j) => j !== ri),
                      )
                    }
                  >
                    ✕
                  </Button>
                </HStack>
              );
            })}
            <Box>
              <Button size="xs" variant="outline" onClick={() => setGroup(gi, [...group, newRule('priority')])}>
                And another condition
              </Button>
            </Box>
          </Stack>
        </Box>
      ))}
      <Box>
        <Button size="sm" variant="outline" onClick={() => onChange([...groups, [newRule('after_hours_buffer')]])} data-testid="emergency-add-group">
          Add a group of conditions
        </Button>
      </Box>
    </Stack>
  );
}
