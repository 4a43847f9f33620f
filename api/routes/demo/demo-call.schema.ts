// The contract is shared with the landing page, so it lives in domain/contracts.
export * from '../../../domain/contracts/demo-call.contract';
