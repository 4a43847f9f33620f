import { AudienceSourceSchema } from '../../domain/crm/audience-source';
import { z } from 'zod';

// Events of an outbound audience's build from CRM rules (spec 000 §7 POST /crm/customers/audience-rules/async,
// spec 002 §4 "Audiences": creation_status PENDING, then COMPLETE or ERRORED). One stream per audience; each
// build is one workflow run, and its events carry that run's id so a superseded build cannot overwrite a newer one.

export const AUDIENCE = 'audience';
const Ids = { orgId: z.uuid(), audienceId: z.uuid(), buildId: z.string().min(1) };

export const AudienceBuildRequestedV1Schema = z.object({
  ...Ids,
  source: AudienceSourceSchema,
  isFileUpload: z.boolean(),
  rules: z.record(z.string(), z.unknown()),
});
export type AudienceBuildRequestedV1 = z.infer<typeof AudienceBuildRequestedV1Schema>;

/** A batch of the customers the rules selected; a large audience arrives in several. */
export const AudienceMembersFoundV1Schema = z.object({ ...Ids, customerIds: z.array(z.string().min(1)) });
export type AudienceMembersFoundV1 = z.infer<typeof AudienceMembersFoundV1Schema>;

export const AudienceBuiltV1Schema = z.object({ ...Ids, memberCount: z.number().int().nonnegative() });
export type AudienceBuiltV1 = z.infer<typeof AudienceBuiltV1Schema>;

export const AudienceBuildFailedV1Schema = z.object({ ...Ids, reason: z.string().min(1) });
export type AudienceBuildFailedV1 = z.infer<typeof AudienceBuildFailedV1Schema>;
