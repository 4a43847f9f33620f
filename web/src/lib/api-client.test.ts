import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { z } from 'zod';
import { ApiError, createApiClient, loginRedirectUrl, safeNextPath } from './api-client';

const OrgSchema = z.object({ id: z.string(), name: z.string() });
const realFetch = globalThis.fetch;

function stubFetch(response: Response | Error) {
  const stub = jest.fn<typeof fetch>(async () => {
    if (response instanceof Error) throw response;
    return response;
  });
  globalThis.fetch = stub;
  return stub;
}

function json(body: unknown, status: number): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('api client', () => {
  it('calls the API under /api with JSON and same-origin credentials, and returns the parsed body', async () => {
    const fetchStub = stubFetch(json({ id: 'o1', name: 'Acme Plumbing', extra: true }, 200));
    const client = createApiClient({ onRedirect: jest.fn() });

    const org = await client.post('/org', { a: 1 }, OrgSchema);

    expect(org).toEqual({ id: 'o1', name: 'Acme Plumbing' });
    const [url, init] = fetchStub.mock.calls[0]!;
    expect(url).toBe('/api/org');
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin', body: '{"a":1}' });
    expect(init?.headers).toMatchObject({ 'Content-Type': 'application/json' });
  });

  it('turns the common error body into an ApiError carrying its status, error and message', async () => {
    stubFetch(json({ error: 'Unauthorized', status: 401, message: 'Invalid email or password' }, 401));
    const onRedirect = jest.fn();
    const client = createApiClient({ onRedirect });

    const error = await caught(client.post('/auth/login', { email: 'a@b.co', password: 'x' }, OrgSchema));

    expect(error).toMatchObject({ status: 401, error: 'Unauthorized', message: 'Invalid email or password' });
    expect(error.isUnauthenticated).toBe(false);
    expect(onRedirect).not.toHaveBeenCalled();
  });

  it('gives a generic message when an error response has no common body', async () => {
    stubFetch(new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    const client = createApiClient({ onRedirect: jest.fn() });

    const error = await caught(client.get('/org?id=o1', OrgSchema));

    expect(error).toMatchObject({ status: 502, error: 'Bad Gateway', message: 'The request failed (status 502).' });
  });

  it('sends the user to the redirect target of a 307 and rejects as unauthenticated', async () => {
    stubFetch(json({ redirect: '/login', status: 307 }, 307));
    const onRedirect = jest.fn();
    const client = createApiClient({ onRedirect });

    const error = await caught(client.get('/auth/session', OrgSchema));

    expect(onRedirect).toHaveBeenCalledWith('/login');
    expect(error.status).toBe(307);
    expect(error.isUnauthenticated).toBe(true);
  });

  it('falls back to /login when a 307 has no readable body', async () => {
    stubFetch(new Response(null, { status: 307 }));
    const onRedirect = jest.fn();
    const client = createApiClient({ onRedirect });

    await caught(client.get('/org?id=o1', OrgSchema));

    expect(onRedirect).toHaveBeenCalledWith('/login');
  });

  it('reports an unreachable server as a network error', async () => {
    stubFetch(new TypeError('Failed to fetch'));
    const client = createApiClient({ onRedirect: jest.fn() });

    const error = await caught(client.get('/org?id=o1', OrgSchema));

    expect(error).toMatchObject({ status: 0, error: 'NetworkError' });
  });

  it('rejects a success body that does not match the expected shape', async () => {
    stubFetch(json({ id: 'o1' }, 200));
    const client = createApiClient({ onRedirect: jest.fn() });

    const error = await caught(client.get('/org?id=o1', OrgSchema));

    expect(error).toMatchObject({ status: 0, error: 'InvalidResponse' });
  });
});

describe('login redirect', () => {
  it('keeps the page the user was on so they come back to it after signing in', () => {
    expect(loginRedirectUrl('/login', { pathname: '/dashboard/link/abc', search: '?org=o1' })).toBe('/login?next=%2Fdashboard%2Flink%2Fabc%3Forg%3Do1');
  });

  it('does not add next for the home page and does nothing when already on the login page', () => {
    expect(loginRedirectUrl('/login', { pathname: '/', search: '' })).toBe('/login');
    expect(loginRedirectUrl('/login', { pathname: '/login', search: '?next=%2Fcalls' })).toBeNull();
  });

  it('only follows same-origin paths after login', () => {
    expect(safeNextPath('/calls?org=o1')).toBe('/calls?org=o1');
    expect(safeNextPath('https://evil.example')).toBeNull();
    expect(safeNextPath('//evil.example')).toBeNull();
    expect(safeNextPath('/\\evil.example')).toBeNull();
    expect(safeNextPath(null)).toBeNull();
  });
});
