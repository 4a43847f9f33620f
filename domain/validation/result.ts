/** issues: the failed checks by the request's field path (`crm_config.clientId`), when the message is about fields. */
export type ValidationResult<T> = { ok: true; value: T } | { ok: false; message: string; issues?: { path: string; message: string }[] };
