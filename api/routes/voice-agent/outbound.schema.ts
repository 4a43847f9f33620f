import { z } from 'zod';
import { CanonicalCallRecordSchema } from '../../../domain/call/call-record.schema';
import { OUTBOUND_PROVIDERS } from '../../../activities/voice/voice-provider-directory';
import { VoicePlatformSchema } from '../../../domain/voice-platform/voice-platform';

const ORG_ID_MESSAGE = 'orgId must be a UUID';
const DATE_MESSAGE = 'must be an ISO date-time';

/** The /voice-agent call routes act for one organization: its voice platform, named by ?orgId. */
export const OrgQuerySchema = z.object({ orgId: z.uuid(ORG_ID_MESSAGE) });

const stringMap = (name: string) => z.record(z.string(), z.string(`${name} values must be strings`), `${name} must be an object of strings`);

/** Spec 000 §3 "Call creation" (create call). */
export const CreateCallBodySchema = z.object({
  assistantId: z.string().min(1, 'assistantId must not be empty').optional(),
  callVariables: stringMap('callVariables'),
  customerPhone: z.string('customerPhone is required').min(10, 'customerPhone must be a phone number'),
  allowVoiceMail: z.boolean('allowVoiceMail must be a boolean').optional(),
  phoneId: z.string().min(1, 'phoneId must not be empty').optional(),
  metadata: z.record(z.string(), z.unknown(), 'metadata must be an object').optional(),
});
export const CreateCallResponseSchema = z.object({ callId: z.string() });

/** Spec 000 §3 "Call creation" (batch call), with the spec's snake_case field names. */
export const BatchCallBodySchema = z.object({
  from_number: z.string('from_number is required').min(10, 'from_number must be a phone number'),
  tasks: z
    .array(
      z.object({
        to_number: z.string('Each task needs a to_number').min(10, 'to_number must be a phone number'),
        override_agent_id: z.string().min(1).optional(),
        dynamic_variables: stringMap('dynamic_variables').optional(),
      }),
      'tasks must be a list',
    )
    .min(1, 'A batch call needs at least one task'),
  name: z.string().min(1).optional(),
  trigger_timestamp: z.number('trigger_timestamp must be epoch milliseconds').int().nonnegative().optional(),
});
export const BatchCallResponseSchema = z.object({ batchCallId: z.string() });

const isoDate = (name: string) => z.iso.datetime({ offset: true, message: `${name} ${DATE_MESSAGE}` }).optional();

/** Spec 000 §7 GET /calls: assistantId, limit, createdAtGte, createdAtLte. */
export const ListCallsQuerySchema = OrgQuerySchema.extend({
  assistantId: z.string().min(1).optional(),
  limit: z.coerce
    .number('limit must be between 1 and 1000')
    .int('limit must be between 1 and 1000')
    .min(1, 'limit must be between 1 and 1000')
    .max(1000, 'limit must be between 1 and 1000')
    .optional(),
  createdAtGte: isoDate('createdAtGte'),
  createdAtLte: isoDate('createdAtLte'),
});

export const CallSchema = CanonicalCallRecordSchema;
export const CallListSchema = z.array(CallSchema);

const ProviderSchema = z.enum(OUTBOUND_PROVIDERS, `provider must be one of ${OUTBOUND_PROVIDERS.join(', ')}`);

export const GetCallParamsSchema = z.object({ callId: z.string().min(1) });
export const GetCallQuerySchema = OrgQuerySchema.extend({
  voiceAgentProvider: ProviderSchema.optional(),
  needInteraction: z
    .enum(['true', 'false'], 'needInteraction must be true or false')
    .default('false')
    .transform((v) => v === 'true'),
});
export const CallWithInteractionSchema = CallSchema.extend({
  interaction: z
    .object({ id: z.string(), call_status: z.string(), tags: z.array(z.string()) })
    .nullable()
    .optional(),
});

/** Spec 000 §3 "Voicemail action": update voicemail settings body {voicemailAction}. */
export const VoicemailParamsSchema = z.object({ agentId: z.string().min(1) });
export const VoicemailBodySchema = z.object({
  voicemailAction: z.discriminatedUnion(
    'type',
    [
      z.object({ type: z.literal('hangup') }),
      z.object({ type: z.literal('static_text'), text: z.string('static_text needs a text').min(1, 'static_text needs a text') }),
      z.object({ type: z.literal('prompt'), text: z.string('prompt needs a text').min(1, 'prompt needs a text') }),
    ],
    'voicemailAction must be hangup, static_text {text} or prompt {text}',
  ),
});
export const MessageResponseSchema = z.object({ message: z.string() });

export const PhoneParamsSchema = z.object({ provider: ProviderSchema, phoneId: z.string().min(1) });
export const PhoneSchema = z.object({ inboundAgentId: z.string().nullable(), outboundAgentId: z.string().nullable(), name: z.string().nullable() });
export const PhoneUpdateBodySchema = z
  .object({
    inboundAgentId: z.string().min(1, 'inboundAgentId must not be empty').nullable().optional(),
    outboundAgentId: z.string().min(1, 'outboundAgentId must not be empty').nullable().optional(),
    name: z.string().nullable().optional(),
  })
  .refine(
    (b) => b.inboundAgentId !== undefined || b.outboundAgentId !== undefined || b.name !== undefined,
    'Give at least one of inboundAgentId, outboundAgentId or name',
  );

/** Spec 000 §7 POST /incoming-call/{orgId}: {to_number, from_number} or {event: call_inbound, call_inbound {...}}. */
const Numbers = z.object({
  from_number: z.string('from_number is required').min(1, 'from_number is required'),
  to_number: z.string('to_number is required').min(1, 'to_number is required'),
});
export const IncomingCallBodySchema = z.union(
  [z.object({ event: z.literal('call_inbound'), call_inbound: Numbers }).transform((b) => b.call_inbound), Numbers],
  'The body must be {to_number, from_number} or {event: "call_inbound", call_inbound: {from_number, to_number}}',
);
export const IncomingCallParamsSchema = z.object({ orgId: z.string() });
export const IncomingCallQuerySchema = z.object({
  provider: VoicePlatformSchema.optional().describe('The platform asking; without it, the one whose signing header the request carries'),
});
/** Retell's inbound-call webhook answer; the other platforms ignore what they do not read. */
export const IncomingCallResponseSchema = z.object({
  call_inbound: z.object({
    override_agent_id: z.string().optional(),
    dynamic_variables: z.record(z.string(), z.string()),
    metadata: z.record(z.string(), z.string()),
  }),
});
