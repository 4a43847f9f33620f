import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

const storage = new AsyncLocalStorage<{ correlationId: string }>();

export const CORRELATION_HEADER = 'x-correlation-id';

export function currentCorrelationId(): string | undefined {
  return storage.getStore()?.correlationId;
}

export function withCorrelationId<T>(correlationId: string, fn: () => T): T {
  return storage.run({ correlationId }, fn);
}

/** Accepts a caller's id when it is a sane token, otherwise makes a new one. */
export function correlationIdFrom(candidate: unknown): string {
  return typeof candidate === 'string' && /^[A-Za-z0-9._:-]{8,128}$/.test(candidate) ? candidate : randomUUID();
}
