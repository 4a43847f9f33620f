import { Alert, Button, Card, Field, HStack, Input, Stack } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { withQueryParam } from '../../../app/router/query';
import { EmptyNotice } from '../../../components/empty-notice';
import { ErrorNotice } from '../../../components/error-notice';
import { LoadingNotice } from '../../../components/loading-notice';
import { Page } from '../../../components/page';
import { ApiError } from '../../../lib/api-client';
import { useWorkflowStatus } from '../api/workflow.api';
import { TerminateWorkflowDialog } from './terminate-workflow-dialog';
import { WorkflowStatusDetails } from './workflow-status-details';

export const WORKFLOW_QUERY_PARAM = 'workflowId';

export function WorkflowsPage() {
  const { pathname, search } = useLocation();
  const [query] = useSearchParams();
  const navigate = useNavigate();
  // The looked-up id lives in the URL so the onboarding progress can link straight here.
  const workflowId = query.get(WORKFLOW_QUERY_PARAM);
  const [draftId, setDraftId] = useState(workflowId ?? '');
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const { data, error, isLoading, mutate } = useWorkflowStatus(workflowId);

  function lookUp(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setNotice(null);
    const id = draftId.trim();
    void navigate(withQueryParam(pathname, search, WORKFLOW_QUERY_PARAM, id || null));
    if (id === workflowId) void mutate();
  }

  return (
    <Page title="Workflows" description="Look up a Temporal workflow by id, see its status and stop it if needed.">
      <Card.Root>
        <Card.Body>
          <form onSubmit={lookUp}>
            <HStack align="end" gap="3">
              <Field.Root>
                <Field.Label>Workflow id</Field.Label>
                <Input
                  value={draftId}
                  onChange={(event) => setDraftId(event.target.value)}
                  placeholder="e.g. onboarding-acme-plumbing"
                  fontFamily="mono"
                  data-testid="workflow-id"
                />
              </Field.Root>
              <Button type="submit" colorPalette="blue" disabled={!draftId.trim()}>
                Look up
              </Button>
            </HStack>
          </form>
        </Card.Body>
      </Card.Root>

      {notice && (
        <Alert.Root status="success">
          <Alert.Indicator />
          <Alert.Title>{notice}</Alert.Title>
        </Alert.Root>
      )}

      {!workflowId ? (
        <EmptyNotice symbol="⌕" title="No workflow selected" description="Enter a workflow id, such as the one an onboarding returned, to see its status." />
      ) : error ? (
        error instanceof ApiError && error.status === 404 ? (
          <EmptyNotice symbol="∅" title="No such workflow" description={`Temporal has no workflow with the id “${workflowId}”.`} />
        ) : (
          <ErrorNotice error={error} title="Could not load the workflow" onRetry={() => void mutate()} />
        )
      ) : isLoading || !data ? (
        <LoadingNotice label="Loading workflow…" />
      ) : (
        <Card.Root>
          <Card.Body>
            <Stack gap="6">
              <WorkflowStatusDetails workflow={data} />
              {data.status === 'RUNNING' && (
                <HStack align="end" gap="3" borderTopWidth="1px" pt="4">
                  <Field.Root>
                    <Field.Label>Reason for terminating</Field.Label>
                    <Input value={reason} onChange={(event) => setReason(event.target.value)} placeholder="Optional" />
                  </Field.Root>
                  <Button colorPalette="red" variant="outline" onClick={() => setConfirming(true)} data-testid="terminate-workflow">
                    Terminate…
                  </Button>
                </HStack>
              )}
            </Stack>
          </Card.Body>
        </Card.Root>
      )}

      {workflowId && (
        <TerminateWorkflowDialog
          workflowId={workflowId}
          reason={reason}
          open={confirming}
          onOpenChange={setConfirming}
          onTerminated={(message) => {
            setNotice(message);
            void mutate();
          }}
        />
      )}
    </Page>
  );
}
