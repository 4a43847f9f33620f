// The contract is shared with the dashboard, so it lives in domain/contracts.
export * from '../../../domain/contracts/script-generation.contract';
export { WorkflowStartedResponseSchema } from '../../../domain/contracts/admin.contract';
