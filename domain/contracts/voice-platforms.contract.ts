import { z } from 'zod';
import { ActiveVoiceProviderSchema, VoicePlatformSchema } from '../voice-platform/voice-platform';

export {
  ACTIVE_VOICE_PROVIDERS,
  TOOL_SECRET_HEADER,
  VOICE_PLATFORM_NAMES,
  VOICE_PLATFORMS,
  type ActiveVoiceProvider,
  type VoicePlatform,
} from '../voice-platform/voice-platform';

export const VoicePlatformsParamsSchema = z.object({ orgId: z.uuid('orgId must be a UUID') });

/** provider is checked by the handler, so an unknown one is a 404 rather than a validation error. */
export const VoicePlatformParamsSchema = z.object({ orgId: z.uuid('orgId must be a UUID'), provider: z.string() });

const secret = (field: string) =>
  z
    .string(`${field} must be a string, or null to clear it`)
    .trim()
    .min(8, `${field} must be at least 8 characters`)
    .max(512, `${field} must be at most 512 characters`)
    .regex(/^\S+$/, `${field} must not contain spaces`)
    .nullable()
    .optional();

export const VOICE_PLATFORM_BODY_FIELDS = ['webhookSecret', 'toolSecret', 'apiKey', 'baseUrl', 'active'] as const;
const BODY_FIELDS = VOICE_PLATFORM_BODY_FIELDS;

/** PUT /org/{orgId}/voice-platforms/{provider}: an omitted field keeps its value, null clears it (an empty body is refused by the use case). */
export const SaveVoicePlatformBodySchema = z.strictObject(
  {
    webhookSecret: secret('webhookSecret'),
    toolSecret: secret('toolSecret'),
    apiKey: secret('apiKey'),
    baseUrl: z
      .url({ protocol: /^https?$/, error: 'baseUrl must be an http(s) URL, or null to clear it' })
      .max(2048, 'baseUrl must be at most 2048 characters')
      .nullable()
      .optional(),
    /** true: the organization places its calls with this platform; false on the active one: back to the sandbox. */
    active: z.boolean('active must be true or false').optional(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? `Unknown field ${issue.keys.join(', ')}; send ${BODY_FIELDS.join(', ')}` : 'The body must be a JSON object',
  },
);
export type SaveVoicePlatformBody = z.infer<typeof SaveVoicePlatformBodySchema>;

/** One platform as an admin sees it: secrets masked (**** or ****abcd), null when not set. */
export const VoicePlatformViewSchema = z.object({
  provider: VoicePlatformSchema,
  name: z.string(),
  active: z.boolean(),
  /** Paste into the platform's webhook setting. */
  webhookUrl: z.string(),
  /** Paste into each tool definition, with the tool secret in the header below. */
  toolUrl: z.string(),
  toolSecretHeader: z.string(),
  webhookSecret: z.string().nullable(),
  toolSecret: z.string().nullable(),
  apiKey: z.string().nullable(),
  baseUrl: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type VoicePlatformView = z.infer<typeof VoicePlatformViewSchema>;

export const VoicePlatformsResponseSchema = z.object({
  orgId: z.uuid(),
  activeProvider: ActiveVoiceProviderSchema,
  /** false: PUBLIC_API_URL is not set, so the URLs use the address this API answered on, which a platform may not reach. */
  publicApiUrlConfigured: z.boolean(),
  platforms: z.array(VoicePlatformViewSchema),
});
export type VoicePlatformsView = z.infer<typeof VoicePlatformsResponseSchema>;
