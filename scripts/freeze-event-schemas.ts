import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { publishedSchemas } from '../events/catalog';
import { publishedFileName, publishedShape } from '../events/schemas/published-shape';

// `npm run events:freeze`: writes the fixture of each NEW published (type, version). An existing fixture is
// never rewritten: a published version that changed shape needs a new version and an upcaster instead.
const dir = join(__dirname, '..', 'events', 'schemas', 'published');
mkdirSync(dir, { recursive: true });
let refused = 0;
for (const { type, version, schema } of publishedSchemas()) {
  const file = join(dir, publishedFileName(type, version));
  const shape = publishedShape(schema);
  if (!existsSync(file)) {
    writeFileSync(file, `${JSON.stringify(shape, null, 2)}\n`);
    console.log(`frozen ${type} v${version}`);
  } else if (!isDeepStrictEqual(JSON.parse(readFileSync(file, 'utf8')), shape)) {
    refused += 1;
    console.error(`${type} v${version} is published and its shape changed: add v${version + 1} with an upcaster, and restore v${version}`);
  }
}
process.exit(refused > 0 ? 1 : 0);
