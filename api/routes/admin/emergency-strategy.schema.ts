import { z } from 'zod';
import { EmergencyConfigSchema, EmergencySlotStrategySchema } from '../../../domain/capacity/capacity-settings';

// Spec 000 §7 Admin API "Emergency strategy".
export const EmergencyStrategyListSchema = z.object({
  organizations: z.array(z.object({ id: z.uuid(), name: z.string(), emergency_config: EmergencyConfigSchema })),
});

export const SetEmergencyStrategyBodySchema = z.object({
  orgId: z.uuid('orgId must be a UUID'),
  slotStrategy: EmergencySlotStrategySchema,
});

export const SetEmergencyStrategyResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  emergency_config: EmergencyConfigSchema,
});
