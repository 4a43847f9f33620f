import useSWR from 'swr';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';
import {
  DeadLetterDiscardResponseSchema,
  DeadLetterListResponseSchema,
  DeadLetterRetryResponseSchema,
  type DeadLetterStatusSchema,
  type DeadLetterView,
} from '@contracts/dead-letters.contract';

export type DeadLetterStatus = z.infer<typeof DeadLetterStatusSchema>;
export type { DeadLetterView };

const base = (d: Pick<DeadLetterView, 'projection' | 'event_id'>) => `/admin/dead-letters/${encodeURIComponent(d.projection)}/${d.event_id}`;

export function useDeadLetters(status: DeadLetterStatus) {
  return useSWR(`/admin/dead-letters?status=${status}&limit=200`, (path: string) => apiClient.get(path, DeadLetterListResponseSchema));
}

export const retryDeadLetter = (d: DeadLetterView) => apiClient.post(`${base(d)}/retry`, {}, DeadLetterRetryResponseSchema);

export const discardDeadLetter = (d: DeadLetterView, reason: string) => apiClient.post(`${base(d)}/discard`, { reason }, DeadLetterDiscardResponseSchema);
