import { describe, expect, it } from '@jest/globals';
import { buildSaveBody, formFrom, problemsOf } from './custom-instructions-form';

const ORG = '0b6f4c1e-6a51-4f0e-9d0c-8a4f1c2b3d4e';
const view = {
  custom_instructions: {
    call_reasons: { instructions: [{ call_reason_id: '7', instruction: 'Duct cleaning' }] },
    is_lead: { enabled_csr: true, instructions: [{ title: 'warranty', isLead: false, instruction: 'Warranty claims are not leads' }] },
    booked_summary: { enabled: false, instructions: [] },
    job_tagging: { enabled: true, defaultTag: { name: 'Service', id: 11 }, defaultAfterHoursTag: null, tags: { Priority: 'No heat' } },
  },
  regular_job_to_dispatch: 'Tune-up',
};

describe('custom instructions form', () => {
  it('round-trips what the API shows into the same save body', () => {
    expect(buildSaveBody(ORG, formFrom(view))).toEqual({ orgId: ORG, ...view });
  });

  it('starts empty for an org that never saved, and sends an empty dispatch job as null', () => {
    const body = buildSaveBody(ORG, formFrom(null));
    expect(body.regular_job_to_dispatch).toBeNull();
    expect(body.custom_instructions.job_tagging).toEqual({ enabled: false, defaultTag: null, defaultAfterHoursTag: null, tags: {} });
  });

  it('trims rows, drops empty ones, and sends a tag id that is not a number as typed for the API to refuse', () => {
    const form = formFrom(view);
    form.leadRules.push({ title: '  ', isLead: true, instruction: '' }, { title: ' Estimate ', isLead: true, instruction: ' Estimates are leads ' });
    form.defaultAfterHoursTag = { name: 'After hours', id: 'x1' };
    const body = buildSaveBody(ORG, form);
    expect(body.custom_instructions.is_lead.instructions).toEqual([
      ...view.custom_instructions.is_lead.instructions,
      { title: 'Estimate', isLead: true, instruction: 'Estimates are leads' },
    ]);
    expect(body.custom_instructions.job_tagging.defaultAfterHoursTag).toEqual({ name: 'After hours', id: 'x1' });
  });

  it('warns about a tag listed twice', () => {
    const form = formFrom(view);
    form.tags.push({ name: 'priority', instruction: 'again' });
    expect(problemsOf(form)).toEqual(['The tag "priority" is listed more than once']);
    expect(problemsOf(formFrom(view))).toEqual([]);
  });
});
