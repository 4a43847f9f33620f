import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { publishedSchemas } from '../catalog';
import { publishedFileName, publishedShape, unpinnedChecksIn } from './published-shape';

// The committed fixtures in published/ are the published event shapes. Nothing here rewrites them:
// `npm run events:freeze` adds the fixture of a new version and refuses to touch an existing one.
const dir = join(__dirname, 'published');
const published = publishedSchemas();

describe('published event schemas', () => {
  it.each(published.map((p) => [`${p.type} v${p.version}`, p] as const))('%s keeps the shape it was published with', (_, { type, version, schema }) => {
    const file = join(dir, publishedFileName(type, version));
    if (!existsSync(file)) throw new Error(`${type} v${version} has no frozen shape: run npm run events:freeze and commit ${file}`);
    expect(publishedShape(schema)).toEqual(JSON.parse(readFileSync(file, 'utf8')));
  });

  it.each(published.map((p) => [`${p.type} v${p.version}`, p] as const))('%s has no refinement or transform the JSON Schema cannot pin', (_, { schema }) => {
    expect(unpinnedChecksIn(schema)).toEqual([]);
  });

  it('keeps every version it ever published', () => {
    const inCatalog = new Set(published.map((p) => publishedFileName(p.type, p.version)));
    expect(readdirSync(dir).filter((f) => !inCatalog.has(f))).toEqual([]);
  });

  it('sees a changed shape', () => {
    const { z } = jest.requireActual<typeof import('zod')>('zod');
    const before = z.object({ orgId: z.uuid(), tags: z.array(z.string()) });
    expect(publishedShape(before.extend({ tags: z.array(z.string()).optional() }))).not.toEqual(publishedShape(before));
    expect(publishedShape(before.extend({ tags: z.array(z.string()).default([]) }))).not.toEqual(publishedShape(before));
    expect(unpinnedChecksIn(before.extend({ tags: z.array(z.string().refine((t) => t !== '')) }))).toEqual(['$.tags.element (custom)']);
  });
});
