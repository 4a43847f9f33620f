import type { z } from 'zod';
import type { CrmWorkerSchema } from '@contracts/crm-workers.contract';
import type { OncallRetrieveResponseSchema } from '@contracts/notifications.contract';

export type OnCallMonth = z.infer<typeof OncallRetrieveResponseSchema>;
export type OnCallDay = OnCallMonth['assignments'][number];
export type OnCallPerson = OnCallDay['people'][number];
export type CrmWorker = z.infer<typeof CrmWorkerSchema>;
