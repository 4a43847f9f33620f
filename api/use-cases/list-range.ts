import { listRangeInZone, rangeNamesADay } from '../../domain/time/zoned-time';
import type { ApiDeps } from '../deps';

/**
 * A list's `from`/`to` as instants, a date read as a whole day in the organization's zone (as Analytics reads its
 * days). The zone is read only when the range names a day: a range of instants needs none.
 */
export async function listRangeOf(deps: Pick<ApiDeps, 'organizations'>, orgId: string, range: { from?: string; to?: string }) {
  const timeZone = rangeNamesADay(range) ? ((await deps.organizations.findTimezone(orgId)) ?? 'UTC') : 'UTC';
  return listRangeInZone(range, timeZone);
}
