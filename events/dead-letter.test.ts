import { describe, expect, it } from '@jest/globals';
import { errorCodes, isTransientError } from './dead-letter';

const withCause = (message: string, cause: object) => Object.assign(new Error(message), { cause });

describe('isTransientError', () => {
  it('treats connection, pool and overload failures as transient', () => {
    expect(isTransientError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isTransientError(Object.assign(new Error('pool timeout'), { code: 'P2024' }))).toBe(true);
    expect(
      isTransientError(withCause('driver error', { kind: 'postgres', code: '57P01', message: 'terminating connection due to administrator command' })),
    ).toBe(true);
    expect(isTransientError(withCause('driver error', { originalCode: '40001' }))).toBe(true);
    expect(isTransientError(Object.assign(new Error('broker gone'), { name: 'KafkaJSConnectionError' }))).toBe(true);
    expect(isTransientError(Object.assign(new Error('leader moved'), { retriable: true }))).toBe(true);
  });

  it('treats data errors and projection refusals as the event’s own', () => {
    expect(isTransientError(withCause('invalid byte sequence for encoding "UTF8": 0x00', { originalCode: '22021' }))).toBe(false);
    expect(isTransientError(withCause('unsupported Unicode escape sequence', { code: '22P05' }))).toBe(false);
    expect(isTransientError(new Error('cannot read this'))).toBe(false);
    expect(isTransientError(Object.assign(new Error('unique'), { code: 'P2002' }))).toBe(false);
  });

  it('finds codes along the cause chain and in Prisma meta', () => {
    const err = Object.assign(new Error('outer'), { code: 'P2010', meta: { driverAdapterError: { cause: { originalCode: '22P05' } } } });
    expect(errorCodes(err)).toEqual(['P2010', '22P05']);
  });
});
