import type { IncomingMessage } from 'node:http';
import type { Request } from 'express';

// For JSON bodies a vendor signs byte for byte: the JSON parser of the path keeps the bytes on the request.
type WithRawBody = { rawBody?: Buffer };

export const keepRawBody = (req: IncomingMessage, _res: unknown, buf: Buffer) => {
  (req as IncomingMessage & WithRawBody).rawBody = buf;
};

export const keptRawBodyOf = (req: Request) => (req as Request & WithRawBody).rawBody ?? Buffer.alloc(0);
