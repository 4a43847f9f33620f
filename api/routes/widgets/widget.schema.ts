// The contract is shared with the dashboard (and the widget app), so it lives in domain/contracts.
export * from '../../../domain/contracts/widget.contract';
