import { type AgentJobType, JOB_TYPE_INSTRUCTIONS, type UpdateAgentJobTypesRequest, UpdateAgentJobTypesRequestSchema } from '@contracts/agents.contract';
import type { FieldPath } from 'react-hook-form';
import type { CrmBusinessUnit, CrmJobType } from './api/agents.api';

// The Job Types page's table (000 §3 job_types[]; 001 §9 priority 1–5 and instruction options) and PUT /agent/job-types's body.

export { JOB_TYPE_INSTRUCTIONS, UpdateAgentJobTypesRequestSchema };

export const PRIORITY_CHOICES = ['1', '2', '3', '4', '5'] as const;

export const INSTRUCTION_LABELS: Record<AgentJobType['instruction'], string> = {
  DEFAULT: 'Default',
  'CALLBACK ONLY': 'Callback only',
  'OVERRIDE ACP': 'Override ACP',
};

/** A row as the inputs hold it: priority '' is "none". */
export type JobTypeRow = Omit<AgentJobType, 'priority'> & { priority: string };
export type JobTypesForm = { rows: JobTypeRow[] };

export const rowFrom = (jobType: AgentJobType): JobTypeRow => ({ ...jobType, priority: jobType.priority === null ? '' : String(jobType.priority) });

export const formFrom = (jobTypes: readonly AgentJobType[]): JobTypesForm => ({ rows: jobTypes.map(rowFrom) });

export function buildJobTypesBody(agentId: string, form: JobTypesForm): UpdateAgentJobTypesRequest {
  return {
    agentId,
    jobTypes: form.rows.map((row) => ({
      id: row.id.trim(),
      name: row.name.trim(),
      description: row.description.trim(),
      businessUnitId: row.businessUnitId.trim(),
      businessUnitName: row.businessUnitName.trim(),
      priority: row.priority === '' ? null : Number(row.priority),
      dispatch: row.dispatch,
      instruction: row.instruction,
    })),
  };
}

/**
 * A CRM job type as a new row: its first business unit (the one named, when the CRM lists it), its priority
 * when the CRM gives one in 1–5, dispatched, default instruction.
 */
export function rowFromCrm(jobType: CrmJobType, units: readonly CrmBusinessUnit[]): JobTypeRow {
  const businessUnitId = jobType.businessUnitIds[0] ?? '';
  const priority =
    jobType.priority !== undefined && Number.isInteger(jobType.priority) && jobType.priority >= 1 && jobType.priority <= 5 ? String(jobType.priority) : '';
  return {
    id: jobType.id,
    name: jobType.name,
    description: jobType.summary ?? '',
    businessUnitId,
    businessUnitName: units.find((unit) => unit.id === businessUnitId)?.name ?? '',
    priority,
    dispatch: true,
    instruction: 'DEFAULT',
  };
}

/** The CRM's job types not yet in the table, by name. */
export const addableJobTypes = (crm: readonly CrmJobType[], rows: readonly JobTypeRow[]): CrmJobType[] => {
  const taken = new Set(rows.map((row) => row.id.trim()));
  return crm.filter((jobType) => !taken.has(jobType.id)).sort((a, b) => a.name.localeCompare(b.name));
};

const ROW_FIELDS = ['id', 'name', 'description', 'businessUnitId', 'businessUnitName', 'priority', 'dispatch', 'instruction'] as const;

export const jobTypesFormFields = (form: JobTypesForm): FieldPath<JobTypesForm>[] =>
  form.rows.flatMap((_, i) => ROW_FIELDS.map((field) => `rows.${i}.${field}` as const));

/** `jobTypes.2.businessUnitId` of the body is `rows.2.businessUnitId` of the form. */
export const jobTypesFieldOf = (path: string): string => (path.startsWith('jobTypes.') ? `rows.${path.slice('jobTypes.'.length)}` : path);
