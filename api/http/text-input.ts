import { isUtf8 } from 'node:buffer';

/**
 * Text the product stores must be valid Unicode without NUL: Postgres refuses NUL in text and JSON columns
 * and lone surrogates in JSON, and an event carrying either could not be projected. Returns what is wrong
 * with the first offending string or key (`body.name contains a NUL character`), or null.
 */
export function textInputProblem(value: unknown, where: string): string | null {
  if (typeof value === 'string') return stringProblem(value, where);
  if (Buffer.isBuffer(value)) return rawBodyProblem(value, where);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const problem = textInputProblem(value[i], `${where}[${i}]`);
      if (problem) return problem;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      const problem = stringProblem(key, `a field name in ${where}`) ?? textInputProblem(v, `${where}.${key}`);
      if (problem) return problem;
    }
  }
  return null;
}

// A surrogate without its pair cannot be encoded as UTF-8 (String.prototype.isWellFormed is past our ES2022 lib).
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function stringProblem(s: string, where: string): string | null {
  if (s.includes('\u0000')) return `${where} contains a NUL character`;
  if (LONE_SURROGATE.test(s)) return `${where} is not valid UTF-8`;
  return null;
}

/** A body kept raw for its signature: valid UTF-8, and if it is JSON, nothing in it NUL or ill-formed. */
function rawBodyProblem(buf: Buffer, where: string): string | null {
  if (buf.length === 0) return null;
  if (!isUtf8(buf)) return `${where} is not valid UTF-8`;
  const text = buf.toString('utf8');
  if (text.includes('\u0000')) return `${where} contains a NUL character`;
  if (!/\\u/i.test(text)) return null; // escapes are the only other way to spell NUL or a lone surrogate in JSON
  try {
    return textInputProblem(JSON.parse(text), where);
  } catch {
    return null; // not JSON (a form): the route reads it and answers for it
  }
}

/** express.json's verify hook: a body that is not valid UTF-8 is refused (body-parser would read it as U+FFFD). */
export function refuseInvalidUtf8(_req: unknown, _res: unknown, buf: Buffer, encoding: string) {
  if (/^utf-?8$/i.test(encoding) && !isUtf8(buf)) throw Object.assign(new Error('Request body is not valid UTF-8'), { type: 'entity.invalid.utf8' });
}
