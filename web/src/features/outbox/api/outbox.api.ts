import useSWR from 'swr';
import { apiClient } from '../../../lib/api-client';
import { OutboxPageSchema } from '@contracts/notifications.contract';
import type { OutboxPageData } from './outbox.schema';

export const OUTBOX_PAGE_SIZE = 20;

export function useOutbox(orgId: string | null, page: number) {
  const key = orgId ? `/outbox?orgId=${encodeURIComponent(orgId)}&page=${page}&pageSize=${OUTBOX_PAGE_SIZE}` : null;
  return useSWR<OutboxPageData>(key, (path: string) => apiClient.get(path, OutboxPageSchema), { refreshInterval: 10_000 });
}
