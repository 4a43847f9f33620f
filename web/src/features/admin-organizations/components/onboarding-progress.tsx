import { Alert, Button, Code, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useSWRConfig } from 'swr';
import { Link as RouterLink } from 'react-router';
import { ErrorNotice } from '../../../components/error-notice';
import { useWorkflowStatus } from '../../admin-workflows/api/workflow.api';
import { WorkflowStatusBadge } from '../../admin-workflows/components/workflow-status-badge';
import { isWorkflowSettled, resultOrgId } from '../../admin-workflows/workflow-progress';
import { ORGANIZATION_LIST_KEY } from '../api/organizations.api';

type OnboardingProgressProps = { workflowId: string; message: string; onDone: () => void };

export function OnboardingProgress({ workflowId, message, onDone }: OnboardingProgressProps) {
  const { mutate } = useSWRConfig();
  const { data, error, mutate: refresh } = useWorkflowStatus(workflowId, { poll: true });
  const settled = isWorkflowSettled(data);
  const orgId = resultOrgId(data?.result);

  useEffect(() => {
    if (settled) void mutate(ORGANIZATION_LIST_KEY);
  }, [settled, mutate]);

  const failed = settled && !orgId && data?.status !== 'COMPLETED';

  return (
    <Stack gap="4" data-testid="onboarding-progress">
      <Text>{message}</Text>
      <HStack gap="3">
        <Text color="fg.muted">Workflow</Text>
        <Link asChild colorPalette="blue" fontFamily="mono" textStyle="sm">
          <RouterLink to={`/admin/workflows?workflowId=${encodeURIComponent(workflowId)}`}>{workflowId}</RouterLink>
        </Link>
        {data && <WorkflowStatusBadge status={data.status} />}
      </HStack>
      {error && <ErrorNotice error={error} title="Could not check the onboarding" onRetry={() => void refresh()} />}
      {!settled && !error && <Text color="fg.muted">Checking every second…</Text>}
      {settled && !failed && (
        <Alert.Root status="success">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Organization onboarded</Alert.Title>
            {orgId && (
              <Alert.Description>
                Its id is <Code>{orgId}</Code>.
              </Alert.Description>
            )}
          </Alert.Content>
        </Alert.Root>
      )}
      {failed && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Onboarding did not finish</Alert.Title>
            <Alert.Description>{data?.error ?? `The workflow ended as ${data?.status}.`}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {settled && (
        <Button alignSelf="start" variant="outline" onClick={onDone}>
          Onboard another organization
        </Button>
      )}
    </Stack>
  );
}
