import { useState } from 'react';
import { Box, Button, Card, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { SCRIPT_GENERATION_STEPS } from '@contracts/script-generation.contract';
import { ErrorNotice } from '../../../components/error-notice';
import { LoadingNotice } from '../../../components/loading-notice';
import { Page } from '../../../components/page';
import { useSelectedOrg } from '../../organizations/selected-org';
import { startScriptGeneration, useAgent, useScriptGenerationStatus } from '../api/script-generation.api';

const STEP_LABELS: Record<(typeof SCRIPT_GENERATION_STEPS)[number], string> = {
  starting: 'Starting',
  reading_website: 'Reading the website',
  writing_script: 'Writing the script',
  saving: 'Saving to the agent',
  done: 'Done',
};

/** "Generate script": reads the company's website and fills the agent's script variables (POST /script-generator). */
export function AgentScriptPage({ agentId }: { agentId: string }) {
  const { orgId } = useSelectedOrg();
  const agent = useAgent(agentId);
  const [url, setUrl] = useState('');
  const [workflowId, setWorkflowId] = useState<string | null>(null);
  const [startError, setStartError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const status = useScriptGenerationStatus(orgId, workflowId);

  async function generate() {
    if (!orgId || !agent.data) return;
    setStarting(true);
    setStartError(null);
    try {
      const started = await startScriptGeneration({ uuid: orgId, url, agentId, agentType: agent.data.agent_type });
      setWorkflowId(started.workflowId);
    } catch (err) {
      setStartError((err as Error).message);
    } finally {
      setStarting(false);
    }
  }

  const run = status.data;
  const reached = run?.step ? SCRIPT_GENERATION_STEPS.indexOf(run.step) : -1;
  return (
    <Page title="Generate script" description={agent.data ? `${agent.data.friendly_name ?? agent.data.agent_type} (${agent.data.agent_type})` : undefined}>
      {agent.error ? (
        <ErrorNotice error={agent.error} title="Could not load the agent" onRetry={() => void agent.mutate()} />
      ) : !agent.data ? (
        <LoadingNotice label="Loading agent…" />
      ) : (
        <Stack gap="6" maxW="3xl">
          <Card.Root>
            <Card.Body>
              <Stack gap="3">
                <Text>The company's website is read and the agent's script variables are filled from it.</Text>
                {agent.data.never_generate_script && <Text color="fg.error">This agent is set never to have its script generated.</Text>}
                <HStack>
                  <Input aria-label="Website URL" placeholder="https://www.example.com" value={url} onChange={(e) => setUrl(e.target.value)} />
                  <Button onClick={() => void generate()} loading={starting} disabled={url.trim() === '' || run?.status === 'RUNNING'}>
                    Generate
                  </Button>
                </HStack>
                {startError && <Text color="fg.error">{startError}</Text>}
              </Stack>
            </Card.Body>
          </Card.Root>
          {run && (
            <Card.Root>
              <Card.Body>
                <Stack gap="2" aria-label="Progress">
                  {SCRIPT_GENERATION_STEPS.filter((s) => s !== 'starting').map((step) => {
                    const index = SCRIPT_GENERATION_STEPS.indexOf(step);
                    const done = run.status === 'COMPLETED' || index < reached;
                    const current = run.status === 'RUNNING' && index === reached;
                    return (
                      <Text key={step} fontWeight={current ? 'semibold' : 'normal'} color={done ? 'fg' : current ? 'blue.fg' : 'fg.muted'}>
                        {done ? '✓' : current ? '…' : '○'} {STEP_LABELS[step]}
                      </Text>
                    );
                  })}
                  {run.error && <Text color="fg.error">Failed: {run.error}</Text>}
                  {run.status === 'TERMINATED' && <Text color="fg.error">Stopped by an operator.</Text>}
                </Stack>
              </Card.Body>
            </Card.Root>
          )}
          {run?.result && (
            <Stack gap="3">
              <Heading size="md">Script variables from {run.result.websiteTitle || run.result.websiteUrl}</Heading>
              {Object.entries(run.result.scriptConfig).map(([name, value]) => (
                <Box key={name} borderWidth="1px" borderRadius="md" p="3">
                  <Text fontSize="sm" color="fg.muted">
                    {name}
                  </Text>
                  <Text whiteSpace="pre-wrap">{Array.isArray(value) ? value.join(', ') : value}</Text>
                </Box>
              ))}
            </Stack>
          )}
        </Stack>
      )}
    </Page>
  );
}
