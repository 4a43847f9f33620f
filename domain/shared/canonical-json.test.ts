import { canonicalJson } from './canonical-json';

describe('canonicalJson', () => {
  it('gives the same text whatever the key order, at every level', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { f: 1, e: 0 }], c: null } })).toBe(canonicalJson({ a: { c: null, d: [2, { e: 0, f: 1 }] }, b: 1 }));
    expect(canonicalJson({ b: 1, a: 2 })).toBe('{"a":2,"b":1}');
  });

  it('tells different values apart, array order included', () => {
    expect(canonicalJson([1, 2])).not.toBe(canonicalJson([2, 1]));
    expect(canonicalJson({ a: '1' })).not.toBe(canonicalJson({ a: 1 }));
  });

  it('leaves out undefined members and writes dates as JSON does', () => {
    expect(canonicalJson({ a: undefined, b: new Date('2026-11-25T00:00:00Z') })).toBe('{"b":"2026-11-25T00:00:00.000Z"}');
  });
});
