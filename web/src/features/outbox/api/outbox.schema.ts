import type { z } from 'zod';
import type { OutboxMessageSchema, OutboxPageSchema } from '@contracts/notifications.contract';

export type OutboxMessage = z.infer<typeof OutboxMessageSchema>;
export type OutboxPageData = z.infer<typeof OutboxPageSchema>;

export const CHANNEL_LABELS: Record<OutboxMessage['channel'], string> = { email: 'E-mail', sms: 'SMS', slack: 'Team chat', call: 'Phone call' };
