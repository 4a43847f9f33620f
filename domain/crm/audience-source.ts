import { z } from 'zod';

export const AUDIENCE_SOURCES = ['FILE', 'RULES', 'REPORTS'] as const;
export const AudienceSourceSchema = z.enum(AUDIENCE_SOURCES);
export type AudienceSource = z.infer<typeof AudienceSourceSchema>;
