import { z } from 'zod';
import { ActiveVoiceProviderSchema } from '../../domain/voice-platform/voice-platform';

/**
 * An organization's voice-platform account was set or changed (Settings → Voice platforms). The secrets stay
 * sealed in voice_platform_accounts: the event says only which are set. provider `sandbox` with active true:
 * the org went back to placing its calls with the offline sandbox.
 */
export const VoicePlatformConfiguredV1Schema = z.object({
  orgId: z.uuid(),
  provider: ActiveVoiceProviderSchema,
  webhookSecretSet: z.boolean(),
  toolSecretSet: z.boolean(),
  apiKeySet: z.boolean(),
  baseUrl: z.string().nullable(),
  active: z.boolean(),
});
export type VoicePlatformConfiguredV1 = z.infer<typeof VoicePlatformConfiguredV1Schema>;
