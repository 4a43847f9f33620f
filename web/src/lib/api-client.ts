import { z } from 'zod';
import { ErrorBodySchema, type ValidationIssue } from '@contracts/errors.contract';

const RedirectBodySchema = z.object({ redirect: z.string() });

const DEFAULT_LOGIN_PATH = '/login';

export class ApiError extends Error {
  constructor(
    /** HTTP status; 0 when the server could not be reached or answered with something unreadable. */
    readonly status: number,
    readonly error: string,
    message: string,
    /** A 400's failed checks by field path, as the API's request validation found them. */
    readonly issues: readonly ValidationIssue[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The session is missing or expired; the client has already sent the user to the login page. */
  get isUnauthenticated(): boolean {
    return this.status === 307;
  }
}

export type ApiClientOptions = {
  /** Prefix the dev and preview servers proxy to the API. */
  baseUrl?: string;
  /** Defaults to the global fetch, looked up on each call so tests can stub it. */
  fetch?: typeof fetch;
  /** Called with the API's redirect target when a call answers 307 (not logged in). */
  onRedirect: (target: string) => void;
};

export type ApiClient = {
  get<T>(path: string, schema: z.ZodType<T>): Promise<T>;
  post<T>(path: string, body: unknown, schema: z.ZodType<T>): Promise<T>;
  put<T>(path: string, body: unknown, schema: z.ZodType<T>): Promise<T>;
  patch<T>(path: string, body: unknown, schema: z.ZodType<T>): Promise<T>;
  delete<T>(path: string, body: unknown, schema: z.ZodType<T>): Promise<T>;
};

export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseUrl = options.baseUrl ?? '/api';

  async function request<T>(method: string, path: string, body: unknown, schema: z.ZodType<T>): Promise<T> {
    const doFetch = options.fetch ?? globalThis.fetch;
    let response: Response;
    try {
      response = await doFetch(`${baseUrl}${path}`, {
        method,
        credentials: 'same-origin',
        // The 307 carries a JSON body we need to read; following it would fetch the login page instead.
        redirect: 'manual',
        headers: body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch {
      throw new ApiError(0, 'NetworkError', 'Could not reach the server. Check your connection and try again.');
    }

    // An opaque redirect is what a 307 with a Location header looks like under redirect: 'manual'.
    if (response.status === 307 || response.type === 'opaqueredirect') {
      const redirect = RedirectBodySchema.safeParse(await readJson(response));
      options.onRedirect(redirect.success ? redirect.data.redirect : DEFAULT_LOGIN_PATH);
      throw new ApiError(307, 'Unauthenticated', 'Your session has ended. Please sign in again.');
    }

    const json = await readJson(response);
    if (!response.ok) {
      const parsed = ErrorBodySchema.safeParse(json);
      if (parsed.success) throw new ApiError(response.status, parsed.data.error, parsed.data.message, parsed.data.issues);
      throw new ApiError(response.status, response.statusText || 'Error', `The request failed (status ${response.status}).`);
    }

    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      throw new ApiError(0, 'InvalidResponse', `The server sent an unexpected response for ${path}.`);
    }
    return parsed.data;
  }

  return {
    get: (path, schema) => request('GET', path, undefined, schema),
    post: (path, body, schema) => request('POST', path, body, schema),
    put: (path, body, schema) => request('PUT', path, body, schema),
    patch: (path, body, schema) => request('PATCH', path, body, schema),
    delete: (path, body, schema) => request('DELETE', path, body, schema),
  };
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/**
 * Where to send the browser for a 307, keeping the page the user was on so that a notification's
 * "View on Dashboard" link still lands on its interaction after signing in. Null when already there.
 */
export function loginRedirectUrl(target: string, current: { pathname: string; search: string }): string | null {
  if (current.pathname === target) return null;
  const here = `${current.pathname}${current.search}`;
  if (here === '/' || here === '') return target;
  return `${target}?next=${encodeURIComponent(here)}`;
}

/** Only same-origin paths are followed after login, so a crafted ?next= cannot send users elsewhere. */
export function safeNextPath(next: string | null): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  return next;
}

export const apiClient = createApiClient({
  onRedirect: (target) => {
    const url = loginRedirectUrl(target, window.location);
    // A full page load drops every response cached for the ended session.
    if (url) window.location.assign(url);
  },
});
