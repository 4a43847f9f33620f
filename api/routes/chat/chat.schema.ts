// The contract is shared with the widget app and the dashboard, so it lives in domain/contracts.
export * from '../../../domain/contracts/chat-widget.contract';
