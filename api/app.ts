import type { IncomingMessage } from 'node:http';
import express, { type Express } from 'express';
import type { ApiDeps } from './deps';
import { FILE_UPLOAD_PATH, installAbuseLimits } from './http/abuse-limits';
import { WIDGET_UPLOAD_MAX_BYTES } from '../domain/contracts/widget.contract';
import { keepRawBody } from './http/raw-body';
import { errorHandler, notFoundHandler } from './http/errors';
import { registerRoutes } from './http/register-routes';
import { requestContext } from './http/request-context';
import { refuseInvalidUtf8 } from './http/text-input';
import { buildOpenApiDocument } from './openapi/document';
import { docsRouter } from './openapi/docs-page';
import { ROUTES } from './routes';

/** Builds the API without listening, so tests drive it in-process. */
export function createApp(deps: ApiDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'extended');
  app.use(requestContext(deps.logger));
  // Voice-provider signatures are computed over the exact bytes, so these bodies stay raw (express.json skips a read body).
  app.use('/voice-agent/webhook', express.raw({ type: () => true, limit: '5mb' }));
  app.use('/expo/webhook', express.raw({ type: () => true, limit: '5mb' }));
  // SMS providers post JSON or forms; Twilio signs the form fields, so the route parses the raw body itself.
  app.use('/integrations/sms/webhook', express.raw({ type: () => true, limit: '1mb' }));
  // Resend signs the exact bytes of its JSON (Svix): parsed as usual, the raw body kept beside it.
  const refuseBadTextKeepRaw = (req: IncomingMessage, res: unknown, buf: Buffer, encoding: string) => {
    refuseInvalidUtf8(req, res, buf, encoding);
    keepRawBody(req, res, buf);
  };
  app.use('/integrations/email/webhooks', express.json({ limit: '1mb', verify: refuseBadTextKeepRaw }));
  // The incoming-call request is signed like the call webhooks, over the exact bytes.
  app.use('/voice-agent/incoming-call', express.json({ limit: '1mb', verify: refuseBadTextKeepRaw }));
  // Uploads to the local storage adapter are files: read as bytes, up to what one upload may weigh.
  app.use(FILE_UPLOAD_PATH, express.raw({ type: () => true, limit: WIDGET_UPLOAD_MAX_BYTES }));
  app.use(express.json({ limit: '1mb', verify: refuseInvalidUtf8 }));
  // Security headers, CORS for the widget only, and rate limits (login keys on the parsed body's e-mail).
  installAbuseLimits(app, deps.config);

  const openapi = buildOpenApiDocument(ROUTES);
  app.get('/openapi.json', (_req, res) => void res.json(openapi));
  app.use(docsRouter());

  const router = express.Router();
  registerRoutes(router, ROUTES, deps);
  app.use(router);

  app.use(notFoundHandler);
  app.use(errorHandler(deps.logger));
  return app;
}
