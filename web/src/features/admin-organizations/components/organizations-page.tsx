import { Card } from '@chakra-ui/react';
import { useState } from 'react';
import { EmptyNotice } from '../../../components/empty-notice';
import { ErrorNotice } from '../../../components/error-notice';
import { LoadingNotice } from '../../../components/loading-notice';
import { Page } from '../../../components/page';
import type { WorkflowActionResult } from '../../admin-workflows/api/workflow.schema';
import { useOrganizationList } from '../api/organizations.api';
import { OnboardingForm } from './onboarding-form';
import { OnboardingProgress } from './onboarding-progress';
import { OrganizationsTable } from './organizations-table';

export function OrganizationsPage() {
  const { data, error, mutate } = useOrganizationList();
  const [started, setStarted] = useState<WorkflowActionResult | null>(null);

  return (
    <Page title="Organizations" description="Every organization on the platform, and onboarding of new ones.">
      <Card.Root>
        <Card.Header>
          <Card.Title>All organizations</Card.Title>
          {data && <Card.Description>{data.organizations.length} in total</Card.Description>}
        </Card.Header>
        <Card.Body>
          {error ? (
            <ErrorNotice error={error} title="Could not load organizations" onRetry={() => void mutate()} />
          ) : !data ? (
            <LoadingNotice label="Loading organizations…" />
          ) : data.organizations.length === 0 ? (
            <EmptyNotice title="No organizations yet" description="Onboard the first one with the form." />
          ) : (
            <OrganizationsTable organizations={data.organizations} />
          )}
        </Card.Body>
      </Card.Root>

      <Card.Root>
        <Card.Header>
          <Card.Title>Onboard an organization</Card.Title>
          <Card.Description>Creates the organization and its admin user in a workflow.</Card.Description>
        </Card.Header>
        <Card.Body>
          {started ? (
            <OnboardingProgress workflowId={started.workflowId} message={started.message} onDone={() => setStarted(null)} />
          ) : (
            <OnboardingForm onStarted={setStarted} />
          )}
        </Card.Body>
      </Card.Root>
    </Page>
  );
}
