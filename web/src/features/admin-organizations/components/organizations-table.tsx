import { Code, Table } from '@chakra-ui/react';
import { OnboardingStatusBadge } from '../../organizations/components/onboarding-status-badge';
import type { OrganizationList } from '../api/organizations.schema';

export function OrganizationsTable({ organizations }: OrganizationList) {
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="l2">
      <Table.Root size="sm" interactive data-testid="organizations-table">
        <Table.Header>
          <Table.Row bg="bg.subtle">
            <Table.ColumnHeader>Name</Table.ColumnHeader>
            <Table.ColumnHeader>Status</Table.ColumnHeader>
            <Table.ColumnHeader>Id</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {organizations.map((org) => (
            <Table.Row key={org.id}>
              <Table.Cell fontWeight="medium">{org.name}</Table.Cell>
              <Table.Cell>
                <OnboardingStatusBadge status={org.onboarding_status} />
              </Table.Cell>
              <Table.Cell>
                <Code variant="plain" color="fg.muted">
                  {org.id}
                </Code>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
