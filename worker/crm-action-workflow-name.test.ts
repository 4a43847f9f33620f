import { describe, expect, it } from '@jest/globals';
import { CRM_ACTION_WORKFLOW } from '../activities/agent-tools/adapters/temporal/temporal-crm-action-gateway.adapter';
import { crmActionWorkflow } from '../workflows';

describe('the CRM action gateway', () => {
  it('starts the workflow type the worker registers', () => {
    expect(CRM_ACTION_WORKFLOW).toBe(crmActionWorkflow.name);
  });
});
