import { useOrgTime } from '../use-org-time';

/** A moment in the company's time zone, labelled with the zone (issue 13: the same time on every page). */
export function OrgTime({ iso, dateOnly }: { iso: string | null | undefined; dateOnly?: boolean }) {
  const { format, timeZone } = useOrgTime();
  return (
    <time dateTime={iso ?? undefined} title={timeZone}>
      {format(iso, { dateOnly })}
    </time>
  );
}
