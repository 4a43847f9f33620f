import pino, { type Logger } from 'pino';
import { currentCorrelationId } from './correlation';

export type { Logger };

/**
 * The one structured logger. Every line carries the correlation id of the request, workflow run or
 * event being handled, when there is one, so a single id finds a story across processes.
 */
export function createLogger(service: string, level: string = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin() {
      const correlationId = currentCorrelationId();
      return correlationId ? { correlationId } : {};
    },
  });
}
