import { z } from 'zod';
import { apiClient } from '../../../lib/api-client';
import type { UpdateOrgBodySchema } from '@contracts/org.contract';

/** 001 §3 "Org update" (PUT /org), as the API validates it. */
export type OrgUpdate = z.input<typeof UpdateOrgBodySchema>;

export function updateOrganization(body: OrgUpdate) {
  return apiClient.put('/org', body, z.object({ id: z.string() }).loose());
}
