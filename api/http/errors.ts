import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { z } from 'zod';
import type { ValidationIssue } from '../../domain/contracts/errors.contract';
import type { Logger } from '../../lib/logger';

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  413: 'Payload Too Large',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** The one error type of the API, rendered as the spec's common body {error, status, message}. */
export class ApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 413 | 429 | 500 | 503,
    message: string,
    /** Seconds until a 429's limit lifts (or a 503 is worth retrying), sent as Retry-After. */
    readonly retryAfterSeconds?: number,
    /** A 400's failed checks by field, sent as `issues`. */
    readonly issues?: ValidationIssue[],
    /** Fields a route's documented error body adds to the common one (a chat booking's isWorkflowExpired). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const badRequest = (message: string, issues?: ValidationIssue[]) => new ApiError(400, message, undefined, issues);
export const unauthorized = (message = 'Authentication required') => new ApiError(401, message);
export const notFound = (message: string) => new ApiError(404, message);
/** A request the caller may not make from where it comes (a widget used on a site it does not name). */
export const forbidden = (message: string) => new ApiError(403, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) => new ApiError(429, message, retryAfterSeconds);
/** Something the request needs is out of reach for now (a vendor's API): the caller should send it again later. */
export const serviceUnavailable = (message: string, retryAfterSeconds?: number) => new ApiError(503, message, retryAfterSeconds);

/** A dashboard call without a session: 307 {redirect, status} (spec 001 §2.1), with a Location header to the same page. */
export class LoginRedirect extends Error {
  constructor(readonly redirect = '/login') {
    super('Login required');
  }
}

/** Validation failures carry the schema's own messages: these are the spec's exact strings. */
export function validationError(error: z.ZodError): ApiError {
  const messages = [...new Set(error.issues.map((i) => i.message))];
  return badRequest(messages.join('; '), validationIssues(error));
}

/** Each issue with its path as a dotted name (`address.zip`, `trades_offered.0`); a whole-body issue has path "". */
export function validationIssues(error: z.ZodError): ValidationIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}

export function errorBody(status: number, message: string, issues?: ValidationIssue[]) {
  return { error: REASONS[status] ?? 'Error', status, message, ...(issues ? { issues } : {}) };
}

export const notFoundHandler: RequestHandler = (req, _res, next) => next(notFound(`No route for ${req.method} ${req.path}`));

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    if (err instanceof LoginRedirect) {
      // The body is the spec's; Location lets a client that follows redirects (curl -L, a browser) find the login page too.
      res.status(307).location(err.redirect).json({ redirect: err.redirect, status: 307 });
      return;
    }
    if (err instanceof ApiError) {
      if (err.retryAfterSeconds !== undefined && !res.headersSent) res.setHeader('Retry-After', String(Math.max(1, Math.ceil(err.retryAfterSeconds))));
      res.status(err.status).json({ ...errorBody(err.status, err.message, err.issues), ...err.extra });
      return;
    }
    // express.json() and express.raw() failures
    if (err?.type === 'entity.parse.failed') {
      res.status(400).json(errorBody(400, 'Request body is not valid JSON'));
      return;
    }
    if (err?.type === 'entity.too.large') {
      res.status(413).json(errorBody(413, `Request body is too large (the limit is ${err.limit} bytes)`));
      return;
    }
    if (err?.type === 'entity.invalid.utf8') {
      res.status(400).json(errorBody(400, 'Request body is not valid UTF-8'));
      return;
    }
    // A path segment that is not valid percent-encoded UTF-8 (%FF): the router cannot decode it.
    if (err instanceof URIError) {
      res.status(400).json(errorBody(400, 'The URL is not valid UTF-8'));
      return;
    }
    // Other body-parser refusals (unsupported charset or encoding) are the client's doing.
    if (err?.expose === true && err.status >= 400 && err.status < 500) {
      res.status(400).json(errorBody(400, 'Request body could not be read'));
      return;
    }
    // Anything else is ours: log it whole, tell the caller nothing about internals.
    logger.error({ err, method: req.method, path: req.path }, 'unhandled error');
    res.status(500).json(errorBody(500, 'Something went wrong on our side. Please try again.'));
  };
}
