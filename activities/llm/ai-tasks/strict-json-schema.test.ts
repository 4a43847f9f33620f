import { z } from 'zod';
import { toStrictJsonSchema } from './strict-json-schema';

describe('toStrictJsonSchema', () => {
  it('closes objects, requires every property and drops noise zod adds', () => {
    expect(toStrictJsonSchema(z.object({ n: z.number().int(), tag: z.string().nullable(), items: z.array(z.object({ ok: z.boolean() })) }))).toEqual({
      type: 'object',
      properties: {
        n: { type: 'integer' },
        tag: { type: ['string', 'null'] },
        items: { type: 'array', items: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'], additionalProperties: false } },
      },
      required: ['n', 'tag', 'items'],
      additionalProperties: false,
    });
  });

  it('refuses optional properties and open maps, which strict structured output rejects', () => {
    expect(() => toStrictJsonSchema(z.object({ a: z.string().optional() }))).toThrow('must be required');
    expect(() => toStrictJsonSchema(z.object({ m: z.record(z.string(), z.string()) }))).toThrow('closed');
  });
});
