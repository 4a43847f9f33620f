import { describe, expect, it, jest } from '@jest/globals';
import { ApiError } from './api-client';
import { z } from 'zod';
import { applyApiErrors, requestResolver } from './form-errors';

type Form = { name: string; address: { street: string; zip: string }; trades_offered: string[] };
const FIELDS = ['name', 'address', 'trades_offered'] as const;

function capture() {
  const setError = jest.fn<(name: string, error: { type: string; message: string }) => void>();
  return { setError, marked: () => Object.fromEntries(setError.mock.calls.map(([name, error]) => [name, error.message])) };
}

describe('applyApiErrors', () => {
  it('marks each field the API names by path with its message, whatever the message says', () => {
    const { setError, marked } = capture();
    const error = new ApiError(400, 'Bad Request', 'Nope; Wrong', [
      { path: 'name', message: 'Nope' },
      { path: 'trades_offered.0', message: 'Wrong' },
    ]);
    expect(applyApiErrors<Form>(error, setError as never, FIELDS)).toBeNull();
    expect(marked()).toEqual({ name: 'Nope', trades_offered: 'Wrong' });
  });

  it('marks the group of a nested path when the form checks the group as one field', () => {
    const { setError, marked } = capture();
    applyApiErrors<Form>(
      new ApiError(400, 'Bad Request', 'Zip code is required', [{ path: 'address.zip', message: 'Zip code is required' }]),
      setError as never,
      FIELDS,
    );
    expect(marked()).toEqual({ address: 'Zip code is required' });
  });

  it('answers the messages of issues no field of the form holds, to show above it', () => {
    const { setError, marked } = capture();
    const error = new ApiError(400, 'Bad Request', 'Name is required; crm_config must be empty', [
      { path: 'name', message: 'Name is required' },
      { path: 'crm_config', message: 'crm_config must be empty' },
    ]);
    expect(applyApiErrors<Form>(error, setError as never, FIELDS)).toBe('crm_config must be empty');
    expect(marked()).toEqual({ name: 'Name is required' });
  });

  it('answers the message of an error without issues and marks nothing, even when the message names a field', () => {
    const { setError } = capture();
    expect(applyApiErrors<Form>(new ApiError(401, 'Unauthorized', 'Invalid email or password'), setError as never, FIELDS)).toBe('Invalid email or password');
    expect(applyApiErrors<Form>(new ApiError(400, 'Bad Request', 'name is taken'), setError as never, FIELDS)).toBe('name is taken');
    expect(setError).not.toHaveBeenCalled();
  });

  it('answers a generic message for a failure that is not an API error', () => {
    const { setError } = capture();
    expect(applyApiErrors<Form>(new TypeError('boom'), setError as never, FIELDS)).toBe('Something went wrong. Please try again.');
  });

  it('marks the field a request path stands for in a form shaped otherwise', () => {
    const { setError, marked } = capture();
    const error = new ApiError(400, 'Bad Request', 'crm_config.clientId is required', [
      { path: 'crm_config.clientId', message: 'crm_config.clientId is required' },
    ]);
    const toField = (path: string) => path.replace(/^crm_config\./, 'values.servicetitan.');
    expect(applyApiErrors(error, setError as never, ['values.servicetitan.clientId'] as never, toField)).toBeNull();
    expect(marked()).toEqual({ 'values.servicetitan.clientId': 'crm_config.clientId is required' });
  });
});

describe('requestResolver', () => {
  type Draft = { name: string; zip: string };
  const Body = z
    .object({ name: z.string().min(1, 'Name is required'), address: z.object({ zip: z.string().regex(/^\d{5}$/, 'Zip code must be 5 digits') }) })
    .refine((b) => b.name !== 'nobody', 'Nothing to save');
  const resolve = requestResolver<Draft>(
    Body,
    (d) => ({ name: d.name.trim(), address: { zip: d.zip } }),
    ['name', 'zip'],
    (path) => (path === 'address.zip' ? 'zip' : path),
  );
  const run = (values: Draft) => resolve(values, undefined, { fields: {}, shouldUseNativeValidation: false }) as Awaited<ReturnType<typeof resolve>>;

  it('checks the request the form would send and marks each field with the schema’s message', async () => {
    const { errors, values } = await run({ name: '  ', zip: '7870' });
    expect(values).toEqual({});
    expect(errors.name?.message).toBe('Name is required');
    expect(errors.zip?.message).toBe('Zip code must be 5 digits');
  });

  it('puts an issue no field holds on root, and passes a valid request', async () => {
    expect((await run({ name: 'nobody', zip: '78701' })).errors.root?.message).toBe('Nothing to save');
    expect(await run({ name: 'Acme', zip: '78701' })).toEqual({ values: { name: 'Acme', zip: '78701' }, errors: {} });
  });
});
