import { ROUTES } from '../routes';
import { buildOpenApiDocument } from './document';

// `npm run openapi > openapi.json`: the document without starting the server.
process.stdout.write(`${JSON.stringify(buildOpenApiDocument(ROUTES), null, 2)}\n`);
