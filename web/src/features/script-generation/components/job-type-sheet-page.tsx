import { useState } from 'react';
import { Box, Button, Card, Heading, Stack, Text } from '@chakra-ui/react';
import { JOB_TYPE_SHEET_STEPS, type JobTypeSheetStatus } from '@contracts/script-generation.contract';
import { Page } from '../../../components/page';
import { useSelectedOrg } from '../../organizations/selected-org';
import { createJobSheet, useJobTypeSheetStatus } from '../api/script-generation.api';
import { sheetSections } from '../job-type-sheet-sections';

type ShownStep = Exclude<(typeof JOB_TYPE_SHEET_STEPS)[number], 'starting' | 'done'>;
const SHOWN_STEPS: ShownStep[] = ['listing_job_types', 'describing_job_types', 'saving'];

function stepLabel(step: ShownStep, run: JobTypeSheetStatus): string {
  if (step === 'listing_job_types') return 'Listing the CRM’s job types';
  if (step === 'describing_job_types') return run.total > 0 ? `Describing job types (${run.described} of ${run.total})` : 'Describing job types';
  return 'Saving the sheet';
}

function JobTypeSheet({ description }: { description: string }) {
  const { title, sections, note } = sheetSections(description);
  return (
    <Stack as="section" aria-label="Job-type sheet" gap="3">
      <Heading as="h2" size="lg">
        {title}
      </Heading>
      {note.map((text) => (
        <Text key={text} color="fg.muted">
          {text}
        </Text>
      ))}
      {sections.map((s) => (
        <Box key={s.heading} borderWidth="1px" borderRadius="md" p="3">
          <Heading as="h3" size="md">
            {s.heading}
          </Heading>
          {s.lines[0]?.startsWith('Id: ') && (
            <Text fontSize="sm" color="fg.muted">
              {s.lines[0]}
            </Text>
          )}
          <Text whiteSpace="pre-wrap" mt="1">
            {(s.lines[0]?.startsWith('Id: ') ? s.lines.slice(1) : s.lines).join('\n')}
          </Text>
        </Box>
      ))}
    </Stack>
  );
}

/** 001 §2.12: a job-type sheet generated for the organization (its CRM's job types, each described), with its progress. */
export function JobTypeSheetPage() {
  const { orgId } = useSelectedOrg();
  const [sheet, setSheet] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Polled while a sheet is being written; the run's steps stay shown once it is done.
  const [watching, setWatching] = useState(false);
  const status = useJobTypeSheetStatus(watching ? orgId : null, busy);

  async function generate() {
    if (!orgId) return;
    setBusy(true);
    setWatching(true);
    setError(null);
    setSheet(null);
    try {
      setSheet((await createJobSheet(orgId)).description);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
      void status.mutate();
    }
  }

  // Before the new run has started, the status read may still describe the previous one.
  const run = status.data && (busy ? status.data.status === 'RUNNING' : true) ? status.data : null;
  const reached = run?.step ? JOB_TYPE_SHEET_STEPS.indexOf(run.step) : -1;
  return (
    <Page title="Job-type sheet" description="Every job type of your CRM, described for your agents">
      <Stack gap="4" maxW="3xl">
        <Box>
          <Button onClick={() => void generate()} loading={busy} loadingText="Generating…" disabled={!orgId}>
            Generate job-type sheet
          </Button>
        </Box>
        {error && <Text color="fg.error">{error}</Text>}
        {busy && !run && <Text color="fg.muted">Starting…</Text>}
        {run && (
          <Card.Root>
            <Card.Body>
              <Stack gap="2" aria-label="Progress">
                {SHOWN_STEPS.map((step) => {
                  const index = JOB_TYPE_SHEET_STEPS.indexOf(step);
                  const done = run.status === 'COMPLETED' || index < reached;
                  const current = run.status === 'RUNNING' && index === reached;
                  return (
                    <Text key={step} fontWeight={current ? 'semibold' : 'normal'} color={done ? 'fg' : current ? 'blue.fg' : 'fg.muted'}>
                      {done ? '✓' : current ? '…' : '○'} {stepLabel(step, run)}
                    </Text>
                  );
                })}
                {run.error && <Text color="fg.error">Failed: {run.error}</Text>}
                {run.status === 'TERMINATED' && <Text color="fg.error">Stopped by an operator.</Text>}
              </Stack>
            </Card.Body>
          </Card.Root>
        )}
        {sheet && <JobTypeSheet description={sheet} />}
      </Stack>
    </Page>
  );
}
