import { z } from 'zod';
import { ErrorBodySchema } from '../../../domain/contracts/errors.contract';
import { ApiError, notFound, serviceUnavailable } from '../../http/errors';
import { WidgetChatRefused } from '../../use-cases/widget-chat-gateway.port';

/**
 * 001 §8: a request to a chat whose workflow has ended answers the common body plus isWorkflowExpired: true
 * (the widget then treats the booking as not made and may start again). Validation 400s carry no flag.
 */
export const CHAT_EXPIRED_ERROR = {
  status: 400 as const,
  schema: ErrorBodySchema.extend({ isWorkflowExpired: z.boolean().optional() }),
  description:
    'Invalid input (the message names what is wrong; a zip code the country does not accept is "Please ask the customer for their zip code."), ' +
    'or the chat has expired: then isWorkflowExpired is true and the visitor must start a new chat',
};

/** The gateway's refusals as the API's errors. */
export function chatRefusal(err: unknown): never {
  if (err instanceof WidgetChatRefused) {
    if (err.reason === 'expired') throw new ApiError(400, err.message, undefined, undefined, { isWorkflowExpired: true });
    if (err.reason === 'unavailable') throw serviceUnavailable(err.message, 5);
    throw notFound(err.message);
  }
  throw err;
}
