import { z } from 'zod';
import { AgentTypeSchema } from '../interaction/interaction.schema';

// Script generation and the job-type sheet (000 §7 "Onboarding and workflows", 001 §2.12 / §7): shared by the
// API and the dashboard's Generate script and Job-type sheet pages.

/** A website address as people type it: a bare domain gets https://. */
export const WebsiteUrlSchema = z
  .string()
  .trim()
  .min(1, 'url is required')
  .max(2048, 'url is too long')
  .transform((raw) => (/^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `https://${raw}`))
  .refine(
    (url) => {
      try {
        const parsed = new URL(url);
        return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname.includes('.');
      } catch {
        return false;
      }
    },
    { message: 'url must be a website address (http or https)' },
  );

/** 000 §7 POST /script-generator: uuid is the organization's id. */
export const ScriptGeneratorRequestSchema = z.object({
  uuid: z.uuid('uuid must be the organization id (a UUID)'),
  url: WebsiteUrlSchema,
  agentId: z.uuid('agentId must be a UUID'),
  agentType: AgentTypeSchema,
});
export type ScriptGeneratorRequest = z.infer<typeof ScriptGeneratorRequestSchema>;

/** 000 §7 POST /generate-job-type-sheet; 001 §7 POST /integrations/create-job-sheet. */
export const JobTypeSheetRequestSchema = z.object({ orgId: z.uuid('orgId must be a UUID') });
export const JobTypeSheetResponseSchema = z.object({ description: z.string() });
export type JobTypeSheetResponse = z.infer<typeof JobTypeSheetResponseSchema>;

export const SCRIPT_GENERATION_STEPS = ['starting', 'reading_website', 'writing_script', 'saving', 'done'] as const;

export const ScriptGenerationStatusQuerySchema = z.object({
  orgId: z.uuid('orgId must be a UUID'),
  workflowId: z.string().trim().min(1, 'workflowId is required').max(200),
});

/** The dashboard's view of one script generation: where it is, why it failed, and what it wrote. */
export const ScriptGenerationStatusSchema = z.object({
  workflowId: z.string(),
  status: z.enum(['RUNNING', 'COMPLETED', 'FAILED', 'TERMINATED', 'CANCELED', 'TIMED_OUT', 'CONTINUED_AS_NEW', 'UNKNOWN']),
  step: z.enum(SCRIPT_GENERATION_STEPS).nullable(),
  error: z.string().nullable(),
  result: z
    .object({
      agentId: z.string(),
      websiteUrl: z.string(),
      websiteTitle: z.string(),
      scriptConfig: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
    })
    .nullable(),
});
export type ScriptGenerationStatus = z.infer<typeof ScriptGenerationStatusSchema>;

export const JOB_TYPE_SHEET_STEPS = ['starting', 'listing_job_types', 'describing_job_types', 'saving', 'done'] as const;

export const JobTypeSheetStatusQuerySchema = z.object({ orgId: z.uuid('orgId must be a UUID') });

/** The dashboard's view of the org's latest job-type sheet run: where it is (job types described of all) and its sheet. */
export const JobTypeSheetStatusSchema = z.object({
  workflowId: z.string(),
  status: ScriptGenerationStatusSchema.shape.status,
  step: z.enum(JOB_TYPE_SHEET_STEPS).nullable(),
  described: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  error: z.string().nullable(),
  description: z.string().nullable(),
});
export type JobTypeSheetStatus = z.infer<typeof JobTypeSheetStatusSchema>;
