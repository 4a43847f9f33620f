import { Alert, Box, Button, Checkbox, Field, HStack, Heading, IconButton, Input, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { useEffect, useState, type ReactNode } from 'react';
import { errorMessage, ErrorNotice } from '../../../components/error-notice';
import { LoadingNotice } from '../../../components/loading-notice';
import { Page } from '../../../components/page';
import { useSelectedOrg } from '../../organizations/selected-org';
import { saveCustomInstructions, useCustomInstructions } from '../api/custom-instructions.api';
import { buildSaveBody, formFrom, problemsOf, type InstructionsForm, type TagInput } from '../custom-instructions-form';

function Section({ title, description, testId, children }: { title: string; description: string; testId: string; children: ReactNode }) {
  return (
    <Box borderWidth="1px" borderRadius="md" p={4} bg="white" data-testid={testId}>
      <Heading as="h2" size="md" mb={1}>
        {title}
      </Heading>
      <Text fontSize="sm" color="fg.muted" mb={3}>
        {description}
      </Text>
      <Stack gap={3}>{children}</Stack>
    </Box>
  );
}

function Toggle({ checked, onChange, label, testId }: { checked: boolean; onChange: (v: boolean) => void; label: string; testId: string }) {
  return (
    <Checkbox.Root checked={checked} onCheckedChange={(e) => onChange(e.checked === true)} data-testid={testId}>
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>{label}</Checkbox.Label>
    </Checkbox.Root>
  );
}

/** 001 §2.14: instructions that steer the agents and the post-call AI, and the regular job sent to dispatch. */
export function CustomInstructionsPage() {
  const { orgId } = useSelectedOrg();
  const view = useCustomInstructions(orgId);
  const [form, setForm] = useState<InstructionsForm>(() => formFrom(null));
  const [loadedFor, setLoadedFor] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    if (!view.data || !orgId || loadedFor === orgId) return;
    setForm(formFrom(view.data));
    setNotice(null);
    setLoadedFor(orgId);
  }, [view.data, orgId, loadedFor]);

  function changed(next: Partial<InstructionsForm>) {
    setForm({ ...form, ...next });
    setNotice(null);
  }

  /** Edits row i of a list field of the form. */
  function edit<K extends 'callReasons' | 'leadRules' | 'summarySections' | 'tags'>(key: K, i: number, patch: Partial<InstructionsForm[K][number]>) {
    changed({ [key]: form[key].map((row, j) => (j === i ? { ...row, ...patch } : row)) } as Partial<InstructionsForm>);
  }
  function remove(key: 'callReasons' | 'leadRules' | 'summarySections' | 'tags', i: number) {
    changed({ [key]: form[key].filter((_, j) => j !== i) } as Partial<InstructionsForm>);
  }

  const problems = problemsOf(form);

  async function save() {
    if (!orgId || problems.length > 0) return;
    setSaving(true);
    setNotice(null);
    try {
      const saved = await saveCustomInstructions(buildSaveBody(orgId, form));
      await view.mutate(saved, { revalidate: false });
      setForm(formFrom(saved));
      setNotice({ ok: true, text: 'Custom instructions saved. Calls analysed from now on follow them.' });
    } catch (error) {
      setNotice({ ok: false, text: errorMessage(error) });
    } finally {
      setSaving(false);
    }
  }

  const tagFields = (key: 'defaultTag' | 'defaultAfterHoursTag', label: string) => (
    <HStack align="end">
      <Field.Root>
        <Field.Label>{label}</Field.Label>
        <Input
          value={form[key].name}
          placeholder="Tag name"
          onChange={(e) => changed({ [key]: { ...form[key], name: e.target.value } as TagInput })}
          data-testid={`ci-${key}-name`}
        />
      </Field.Root>
      <Field.Root maxW="40">
        <Field.Label>CRM tag id</Field.Label>
        <Input
          value={form[key].id}
          inputMode="numeric"
          onChange={(e) => changed({ [key]: { ...form[key], id: e.target.value } as TagInput })}
          data-testid={`ci-${key}-id`}
        />
      </Field.Root>
    </HStack>
  );

  const removeButton = (key: 'callReasons' | 'leadRules' | 'summarySections' | 'tags', i: number) => (
    <IconButton aria-label="Remove" variant="ghost" onClick={() => remove(key, i)} data-testid={`ci-remove-${key}-${i}`}>
      ✕
    </IconButton>
  );

  return (
    <Page
      title="Custom instructions"
      description="Instructions that steer the agents and the analysis of every call: what counts as a lead, call reasons, booked-call summaries and job tags."
    >
      {view.error ? (
        <ErrorNotice error={view.error} onRetry={() => void view.mutate()} />
      ) : !view.data || loadedFor !== orgId ? (
        <LoadingNotice label="Loading the custom instructions" />
      ) : (
        <Stack gap={5} data-testid="custom-instructions">
          <Section
            title="Lead decisions"
            description="Rules for deciding whether a caller is a lead. A rule whose title fits the call decides; a completed booking is always a lead."
            testId="ci-lead"
          >
            <Toggle
              checked={form.leadEnabledCsr}
              onChange={(v) => changed({ leadEnabledCsr: v })}
              label="Apply these rules to calls answered by CSRs too"
              testId="ci-lead-enabled-csr"
            />
            {form.leadRules.length === 0 ? (
              <Text fontSize="sm" data-testid="ci-lead-empty">
                No lead rules yet.
              </Text>
            ) : null}
            {form.leadRules.map((r, i) => (
              <HStack key={i} align="start">
                <Input
                  value={r.title}
                  placeholder="Title, e.g. warranty"
                  onChange={(e) => edit('leadRules', i, { title: e.target.value })}
                  maxW="56"
                  data-testid={`ci-lead-title-${i}`}
                />
                <NativeSelect.Root maxW="40">
                  <NativeSelect.Field
                    value={r.isLead ? 'lead' : 'not'}
                    onChange={(e) => edit('leadRules', i, { isLead: e.target.value === 'lead' })}
                    data-testid={`ci-lead-islead-${i}`}
                  >
                    <option value="lead">is a lead</option>
                    <option value="not">is not a lead</option>
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
                <Textarea
                  value={r.instruction}
                  placeholder="Instruction"
                  onChange={(e) => edit('leadRules', i, { instruction: e.target.value })}
                  rows={2}
                  data-testid={`ci-lead-instruction-${i}`}
                />
                {removeButton('leadRules', i)}
              </HStack>
            ))}
            <Box>
              <Button
                size="sm"
                variant="outline"
                onClick={() => changed({ leadRules: [...form.leadRules, { title: '', isLead: false, instruction: '' }] })}
                data-testid="ci-lead-add"
              >
                Add a lead rule
              </Button>
            </Box>
          </Section>

          <Section
            title="Call reasons"
            description="An instruction for a CRM call reason id, used when picking why the customer called."
            testId="ci-call-reasons"
          >
            {form.callReasons.map((r, i) => (
              <HStack key={i} align="start">
                <Input
                  value={r.call_reason_id}
                  placeholder="Call reason id"
                  onChange={(e) => edit('callReasons', i, { call_reason_id: e.target.value })}
                  maxW="40"
                  data-testid={`ci-reason-id-${i}`}
                />
                <Textarea
                  value={r.instruction}
                  placeholder="Instruction"
                  onChange={(e) => edit('callReasons', i, { instruction: e.target.value })}
                  rows={2}
                  data-testid={`ci-reason-instruction-${i}`}
                />
                {removeButton('callReasons', i)}
              </HStack>
            ))}
            <Box>
              <Button
                size="sm"
                variant="outline"
                onClick={() => changed({ callReasons: [...form.callReasons, { call_reason_id: '', instruction: '' }] })}
                data-testid="ci-reason-add"
              >
                Add a call-reason instruction
              </Button>
            </Box>
          </Section>

          <Section title="Booked-call summaries" description="Sections the summary of a booked call must cover." testId="ci-summary">
            <Toggle checked={form.summaryEnabled} onChange={(v) => changed({ summaryEnabled: v })} label="Use these sections" testId="ci-summary-enabled" />
            {form.summarySections.map((r, i) => (
              <HStack key={i} align="start">
                <Input
                  value={r.title}
                  placeholder="Section title"
                  onChange={(e) => edit('summarySections', i, { title: e.target.value })}
                  maxW="56"
                  data-testid={`ci-summary-title-${i}`}
                />
                <Textarea
                  value={r.instruction}
                  placeholder="What the section says"
                  onChange={(e) => edit('summarySections', i, { instruction: e.target.value })}
                  rows={2}
                  data-testid={`ci-summary-instruction-${i}`}
                />
                {removeButton('summarySections', i)}
              </HStack>
            ))}
            <Box>
              <Button
                size="sm"
                variant="outline"
                onClick={() => changed({ summarySections: [...form.summarySections, { title: '', instruction: '' }] })}
                data-testid="ci-summary-add"
              >
                Add a section
              </Button>
            </Box>
          </Section>

          <Section title="Job tagging" description="CRM tags to put on booked jobs, each with when it applies." testId="ci-tagging">
            <Toggle checked={form.taggingEnabled} onChange={(v) => changed({ taggingEnabled: v })} label="Tag jobs" testId="ci-tagging-enabled" />
            {tagFields('defaultTag', 'Default tag')}
            {tagFields('defaultAfterHoursTag', 'Default after-hours tag')}
            {form.tags.map((t, i) => (
              <HStack key={i} align="start">
                <Input
                  value={t.name}
                  placeholder="Tag name"
                  onChange={(e) => edit('tags', i, { name: e.target.value })}
                  maxW="56"
                  data-testid={`ci-tag-name-${i}`}
                />
                <Textarea
                  value={t.instruction}
                  placeholder="When to apply it"
                  onChange={(e) => edit('tags', i, { instruction: e.target.value })}
                  rows={2}
                  data-testid={`ci-tag-instruction-${i}`}
                />
                {removeButton('tags', i)}
              </HStack>
            ))}
            <Box>
              <Button size="sm" variant="outline" onClick={() => changed({ tags: [...form.tags, { name: '', instruction: '' }] })} data-testid="ci-tag-add">
                Add a tag
              </Button>
            </Box>
          </Section>

          <Field.Root>
            <Field.Label>Regular job to dispatch</Field.Label>
            <Input value={form.regularJobToDispatch} onChange={(e) => changed({ regularJobToDispatch: e.target.value })} data-testid="ci-regular-job" />
            <Field.HelperText>The same setting as on the Availability page; leave empty for none.</Field.HelperText>
          </Field.Root>

          {problems.map((p) => (
            <Alert.Root key={p} status="warning" data-testid="ci-problem">
              <Alert.Indicator />
              <Alert.Description>{p}</Alert.Description>
            </Alert.Root>
          ))}
          {notice ? (
            <Alert.Root status={notice.ok ? 'success' : 'error'} data-testid={notice.ok ? 'ci-saved' : 'ci-error'}>
              <Alert.Indicator />
              <Alert.Description>{notice.text}</Alert.Description>
            </Alert.Root>
          ) : null}
          <Box>
            <Button loading={saving} disabled={problems.length > 0} onClick={() => void save()} data-testid="ci-save">
              Save instructions
            </Button>
          </Box>
        </Stack>
      )}
    </Page>
  );
}
