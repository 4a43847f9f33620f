/** `pathname` with `key` set to `value` (or removed when null) in `search`, other parameters kept. */
export function withQueryParam(pathname: string, search: string, key: string, value: string | null): string {
  const params = new URLSearchParams(search);
  if (value === null) params.delete(key);
  else params.set(key, value);
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}
