import { z } from 'zod';

export const MessageResponseSchema = z.object({ message: z.string() });
export const SuccessResponseSchema = z.object({ success: z.boolean() });
