import { Badge, Card, DataList, HStack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { Organization } from '../api/organization.schema';
import { OnboardingStatusBadge } from './onboarding-status-badge';

const NONE = <Text color="fg.subtle">—</Text>;

function list(values: readonly string[] | null | undefined): ReactNode {
  return values && values.length > 0 ? values.join(', ') : NONE;
}

function date(value: string | null | undefined): ReactNode {
  if (!value) return NONE;
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? value : parsed.toLocaleDateString(undefined, { dateStyle: 'medium' });
}

export function OrganizationDetails({ organization }: { organization: Organization }) {
  const rows: [string, ReactNode][] = [
    ['Status', <OnboardingStatusBadge key="status" status={organization.onboarding_status} />],
    ['Active', organization.is_active === false ? 'No' : organization.is_active ? 'Yes' : NONE],
    ['Slug', organization.slug || NONE],
    ['Timezone', organization.timezone || NONE],
    ['CRM', !organization.crm_name || organization.crm_name === 'NONE' ? 'Not connected' : organization.crm_name],
    [
      'Trades',
      organization.trades_offered?.length ? (
        <HStack key="trades" gap="1" wrap="wrap">
          {organization.trades_offered.map((trade) => (
            <Badge key={trade} variant="outline">
              {trade}
            </Badge>
          ))}
        </HStack>
      ) : (
        NONE
      ),
    ],
    ['Office e-mail', organization.office_email || NONE],
    ['CC e-mails', list(organization.cc_emails)],
    ['Admin e-mails', list(organization.admin_emails)],
    ['Created', date(organization.created_at)],
  ];

  return (
    <Card.Root data-testid="org-details">
      <Card.Header>
        <Card.Title>{organization.name}</Card.Title>
        <Card.Description>Organization details</Card.Description>
      </Card.Header>
      <Card.Body>
        <DataList.Root orientation="horizontal" size="md">
          {rows.map(([label, value]) => (
            <DataList.Item key={label}>
              <DataList.ItemLabel minW="32">{label}</DataList.ItemLabel>
              <DataList.ItemValue>{value}</DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList.Root>
      </Card.Body>
    </Card.Root>
  );
}
