import type {
  ChatActionRequestSchema,
  ChatAddressRequestSchema,
  ChatCustomer,
  ChatRegisterRequestSchema,
  ChatScheduleRequestSchema,
  ChatTimeSlot,
} from '@contracts/chat-widget.contract';
import type { PublicWidget } from '@contracts/widget.contract';
import type { z } from 'zod';

// The widget app's calls to the API, on its own origin under /api (the dashboard server proxies it). Types only
// from the shared contracts: zod stays out of the bundle, and the few answers the app reads are checked by hand.

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly isWorkflowExpired: boolean,
  ) {
    super(message);
  }
}

const FALLBACK = 'Something went wrong. Please try again in a moment.';

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown, parentOrigin?: string): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`/api${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(parentOrigin ? { 'x-widget-parent-origin': parentOrigin } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'omit',
    });
  } catch {
    throw new ApiError('We could not reach the booking service. Check your connection and try again.', 0, false);
  }
  const json: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const err = (json ?? {}) as { message?: unknown; isWorkflowExpired?: unknown };
    const message =
      res.status === 429
        ? 'Too many requests. Please wait a minute and try again.'
        : res.status < 500 && typeof err.message === 'string'
          ? err.message
          : FALLBACK;
    throw new ApiError(message, res.status, err.isWorkflowExpired === true);
  }
  return json as T;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown) => typeof v === 'string';

/** The widget, checked for the fields the app relies on (a broken answer is an error, not a crash). */
export async function fetchWidget(widgetId: string): Promise<PublicWidget> {
  const w = await call<unknown>('GET', `/widget/${encodeURIComponent(widgetId)}`);
  if (!isObject(w) || !str(w.id) || !str(w.org_id) || !str(w.welcome_title) || !isObject(w.steps) || !str(w.timezone)) throw new ApiError(FALLBACK, 500, false);
  return w as unknown as PublicWidget;
}

export async function registerChat(body: z.input<typeof ChatRegisterRequestSchema>, parent: string) {
  const r = await call<unknown>('POST', '/chat/register', body, parent);
  if (!isObject(r) || !str(r.chatId) || !str(r.interactionId)) throw new ApiError(FALLBACK, 500, false);
  return { chatId: r.chatId as string, interactionId: r.interactionId as string, customers: Array.isArray(r.data) ? (r.data as ChatCustomer[]) : [] };
}

export async function lookUpSlots(body: z.input<typeof ChatScheduleRequestSchema>, parent: string): Promise<ChatTimeSlot[]> {
  const r = await call<unknown>('POST', '/chat/schedule', body, parent);
  if (!isObject(r) || !Array.isArray(r.data)) throw new ApiError(FALLBACK, 500, false);
  return (r.data as ChatTimeSlot[]).filter((s) => isObject(s) && str(s.start) && str(s.startUtc));
}

export async function recordAddress(body: z.input<typeof ChatAddressRequestSchema>, parent: string) {
  await call<unknown>('POST', '/chat/address', body, parent);
}

export async function book(body: z.input<typeof ChatActionRequestSchema>, parent: string): Promise<string | undefined> {
  const r = await call<unknown>('POST', '/chat/action', body, parent);
  return isObject(r) && str(r.actionId) ? (r.actionId as string) : undefined;
}
