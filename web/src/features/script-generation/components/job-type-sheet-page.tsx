import { useState } from 'react';
import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { Page } from '../../../components/page';
import { useSelectedOrg } from '../../organizations/selected-org';
import { createJobSheet } from '../api/script-generation.api';

/** 001 §2.12: a job-type sheet generated for the organization (its CRM's job types, each described). */
export function JobTypeSheetPage() {
  const { orgId } = useSelectedOrg();
  const [sheet, setSheet] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function generate() {
    if (!orgId) return;
    setBusy(true);
    setError(null);
    try {
      setSheet((await createJobSheet(orgId)).description);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Page title="Job-type sheet" description="Every job type of your CRM, described for your agents">
      <Stack gap="4" maxW="3xl">
        <Box>
          <Button onClick={() => void generate()} loading={busy} disabled={!orgId}>
            Generate job-type sheet
          </Button>
        </Box>
        {error && <Text color="fg.error">{error}</Text>}
        {sheet && (
          <Box as="pre" aria-label="Job-type sheet" whiteSpace="pre-wrap" fontFamily="inherit" borderWidth="1px" borderRadius="md" p="4">
            {sheet}
          </Box>
        )}
      </Stack>
    </Page>
  );
}
