import { Code, DataList, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { WorkflowStatus } from '../api/workflow.schema';
import { WorkflowStatusBadge } from './workflow-status-badge';
import { OrgTime } from '../../organizations/components/org-time';

function time(value: string | null | undefined): ReactNode {
  if (!value) return <Text color="fg.subtle">—</Text>;
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? value : <OrgTime iso={value} />;
}

function json(value: unknown): ReactNode {
  return (
    <Code as="pre" display="block" whiteSpace="pre-wrap" p="2" maxH="48" overflow="auto" w="full">
      {JSON.stringify(value, null, 2)}
    </Code>
  );
}

export function WorkflowStatusDetails({ workflow }: { workflow: WorkflowStatus }) {
  const rows: [string, ReactNode][] = [
    ['Status', <WorkflowStatusBadge key="status" status={workflow.status} />],
    ['Workflow id', <Code key="id">{workflow.workflowId}</Code>],
    ['Started', time(workflow.startTime)],
    ['Closed', time(workflow.closeTime)],
  ];
  if (workflow.error)
    rows.push([
      'Error',
      <Text key="error" color="fg.error">
        {workflow.error}
      </Text>,
    ]);
  if (workflow.errorDetails !== undefined && workflow.errorDetails !== null) rows.push(['Error details', json(workflow.errorDetails)]);
  if (workflow.result !== undefined && workflow.result !== null) rows.push(['Result', json(workflow.result)]);

  return (
    <DataList.Root orientation="horizontal">
      {rows.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel minW="28">{label}</DataList.ItemLabel>
          <DataList.ItemValue minW="0">{value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}
