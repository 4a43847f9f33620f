import type { z } from 'zod';
import type { OrgSchema } from '@contracts/org.contract';

/** GET /org. */
export type Organization = z.infer<typeof OrgSchema>;
