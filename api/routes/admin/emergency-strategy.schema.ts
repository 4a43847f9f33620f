// Spec 000 §7 Admin API "Emergency strategy"; the contract is shared with the dashboard, so it lives in domain/contracts.
export { EmergencyStrategyListSchema, SetEmergencyStrategyBodySchema, SetEmergencyStrategyResponseSchema } from '../../../domain/contracts/admin.contract';
