import type { RequestHandler } from 'express';
import { CORRELATION_HEADER, correlationIdFrom, withCorrelationId } from '../../lib/correlation';
import type { Logger } from '../../lib/logger';

declare global {
  namespace Express {
    interface Request {
      correlationId: string;
    }
  }
}

/** Gives each request a correlation id (the caller's, if sane), echoes it, and logs the outcome. */
export function requestContext(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const correlationId = correlationIdFrom(req.header(CORRELATION_HEADER));
    req.correlationId = correlationId;
    res.setHeader(CORRELATION_HEADER, correlationId);
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      withCorrelationId(correlationId, () =>
        logger.info({ method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms * 10) / 10 }, 'request'),
      );
    });
    withCorrelationId(correlationId, next);
  };
}
