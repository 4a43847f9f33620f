// The contract is shared with the dashboard, so it lives in domain/contracts.
export * from '../../../domain/contracts/go-live.contract';
