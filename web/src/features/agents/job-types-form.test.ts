import { describe, expect, it } from '@jest/globals';
import type { AgentJobType } from '@contracts/agents.contract';
import { requestResolver } from '../../lib/form-errors';
import {
  addableJobTypes,
  buildJobTypesBody,
  formFrom,
  jobTypesFieldOf,
  type JobTypesForm,
  jobTypesFormFields,
  rowFromCrm,
  UpdateAgentJobTypesRequestSchema,
} from './job-types-form';

const AGENT = '4f1c2d3e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const acRepair: AgentJobType = {
  id: '101',
  name: 'AC Repair',
  description: 'Cooling not working',
  businessUnitId: '1',
  businessUnitName: 'HVAC Service',
  priority: null,
  dispatch: true,
  instruction: 'DEFAULT',
};
const units = [
  { id: '1', name: 'HVAC Service' },
  { id: '2', name: 'Plumbing Service' },
];

describe('the job types table', () => {
  it('round-trips rows: priority none and 1–5, dispatch and instruction kept', () => {
    const form = formFrom([acRepair, { ...acRepair, id: '102', priority: 3, dispatch: false, instruction: 'CALLBACK ONLY' }]);
    expect(form.rows.map((r) => r.priority)).toEqual(['', '3']);
    const body = buildJobTypesBody(AGENT, form);
    expect(UpdateAgentJobTypesRequestSchema.parse(body)).toEqual(body);
    expect(body.jobTypes).toEqual([acRepair, { ...acRepair, id: '102', priority: 3, dispatch: false, instruction: 'CALLBACK ONLY' }]);
  });

  it("adds a CRM job type with its first business unit's name, and offers only those not listed yet", () => {
    const crm = [
      { id: '201', name: 'Drain Cleaning', businessUnitIds: ['2'], priority: 2 },
      { id: '101', name: 'AC Repair', businessUnitIds: ['1'] },
      { id: '301', name: 'Attic Fan', businessUnitIds: [], priority: 9 },
    ];
    expect(rowFromCrm(crm[0]!, units)).toEqual({
      id: '201',
      name: 'Drain Cleaning',
      description: '',
      businessUnitId: '2',
      businessUnitName: 'Plumbing Service',
      priority: '2',
      dispatch: true,
      instruction: 'DEFAULT',
    });
    expect(rowFromCrm(crm[2]!, units)).toMatchObject({ businessUnitId: '', businessUnitName: '', priority: '' });
    expect(addableJobTypes(crm, formFrom([acRepair]).rows).map((t) => t.id)).toEqual(['301', '201']);
  });

  it("marks a row's missing id, name and business unit with the API's messages", () => {
    const form: JobTypesForm = {
      rows: [
        { ...formFrom([acRepair]).rows[0]!, id: ' ', businessUnitId: '' },
        { ...formFrom([acRepair]).rows[0]!, name: '' },
      ],
    };
    const resolver = requestResolver<JobTypesForm>(
      UpdateAgentJobTypesRequestSchema,
      (f) => buildJobTypesBody(AGENT, f),
      jobTypesFormFields(form),
      jobTypesFieldOf,
    );
    const { errors } = resolver(form, undefined, { fields: {}, shouldUseNativeValidation: false }) as {
      errors: { rows?: Record<string, Record<string, { message: string }>> };
    };
    expect(errors.rows?.[0]?.id?.message).toBe('Job type id is required');
    expect(errors.rows?.[0]?.businessUnitId?.message).toBe('Business unit is required');
    expect(errors.rows?.[1]?.name?.message).toBe('Job type name is required');
    expect(errors.rows?.[1]?.id).toBeUndefined();
  });
});
