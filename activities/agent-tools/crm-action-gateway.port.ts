import type { CrmActionInput, CrmActionResult } from '../../domain/actions/crm-action.types';

/** An action still running when the caller stopped waiting: the workflow finishes it on its own. */
export interface PendingCrmAction {
  status: 'NEW';
  workflowId: string;
}

/** Runs agent actions as durable workflows; the tool endpoint waits a little for the outcome. */
export interface CrmActionGateway {
  runAction(input: CrmActionInput, workflowId: string, waitMs: number): Promise<CrmActionResult | PendingCrmAction>;
}
