import { Button, Card, HStack, NativeSelect, Stack } from '@chakra-ui/react';
import { useCallback, useState } from 'react';
import { ErrorNotice } from '../../../components/error-notice';
import { LoadingNotice } from '../../../components/loading-notice';
import { Page } from '../../../components/page';
import { UnsavedChangesGuard } from '../../../components/unsaved-changes';
import { useOrganization } from '../../organizations/api/organization.api';
import { useSelectedOrg } from '../../organizations/selected-org';
import { useAvailability, useAvailabilityWeek } from '../api/availability.api';
import type { AvailabilityView } from '../api/availability.schema';
import { addDays } from '../../../lib/days';
import { EmergencyHoursSection, EmergencySection, HolidaysSection, OfficeHoursSection, ScheduleSection, TechniciansSection } from './availability-sections';
import type { SectionContext } from './use-section-form';
import { WeekGrid } from './week-grid';

function OpenCapacity({ orgId }: { orgId: string | null }) {
  const [weekStart, setWeekStart] = useState<string | null>(null);
  const week = useAvailabilityWeek(orgId, weekStart);
  const [by, setBy] = useState<'technician' | 'zone'>('technician');
  const weekOf = week.data?.days[0]?.date ?? null;
  return (
    <Card.Root data-testid="availability-week">
      <Card.Header>
        <Card.Title>Open capacity</Card.Title>
        <Card.Description>
          Hours still free per technician each day, inside your office hours{week.data ? ` (${week.data.timezone})` : ''}. It follows your saves within a few
          seconds.
        </Card.Description>
      </Card.Header>
      <Card.Body>
        <HStack gap={2} mb={3} wrap="wrap">
          <Button size="xs" variant="outline" disabled={!weekOf} onClick={() => weekOf && setWeekStart(addDays(weekOf, -7))}>
            ← Previous week
          </Button>
          <Button size="xs" variant="outline" onClick={() => setWeekStart(null)}>
            This week
          </Button>
          <Button
            size="xs"
            variant="outline"
            disabled={!weekOf}
            onClick={() => weekOf && setWeekStart(addDays(weekOf, 7))}
            data-testid="availability-next-week"
          >
            Next week →
          </Button>
          <NativeSelect.Root size="xs" width="10rem" ml="auto">
            <NativeSelect.Field
              aria-label="Group by"
              value={by}
              onChange={(e) => setBy(e.target.value as 'technician' | 'zone')}
              data-testid="availability-group"
            >
              <option value="technician">By technician</option>
              <option value="zone">By zone</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </HStack>
        {week.error ? (
          <ErrorNotice error={week.error} onRetry={() => void week.mutate()} />
        ) : !week.data ? (
          <LoadingNotice label="Loading the week" />
        ) : (
          <WeekGrid week={week.data} by={by} />
        )}
      </Card.Body>
    </Card.Root>
  );
}

export function AvailabilityPage() {
  const { orgId } = useSelectedOrg();
  const saved = useAvailability(orgId);
  const org = useOrganization(orgId);
  const [dirtySections, setDirtySections] = useState<ReadonlySet<string>>(new Set());

  const onDirty = useCallback((section: string, dirty: boolean) => {
    setDirtySections((current) => {
      if (current.has(section) === dirty) return current;
      const next = new Set(current);
      if (dirty) next.add(section);
      else next.delete(section);
      return next;
    });
  }, []);
  const { mutate } = saved;
  const onSaved = useCallback(
    (view: AvailabilityView) => {
      // The read models follow the save; show what was saved until they have caught up.
      void mutate(view, { revalidate: false });
    },
    [mutate],
  );

  const ctx: SectionContext | null = orgId && saved.data ? { orgId, view: saved.data, onSaved, onDirty } : null;
  return (
    <Page
      title="Availability"
      description="When your agents may book jobs and how they handle emergencies. Each section is saved on its own with its Save button."
    >
      <UnsavedChangesGuard when={dirtySections.size > 0} what="your availability changes" />
      <Stack gap={5}>
        <OpenCapacity orgId={orgId} />
        {saved.error ? (
          <ErrorNotice error={saved.error} onRetry={() => void saved.mutate()} />
        ) : !ctx ? (
          <LoadingNotice label="Loading availability" />
        ) : (
          // Keyed by organization so switching organizations starts each section afresh.
          <Stack gap={5} key={ctx.orgId}>
            <OfficeHoursSection ctx={ctx} />
            <HolidaysSection ctx={ctx} />
            <ScheduleSection ctx={ctx} />
            <EmergencySection ctx={ctx} />
            <EmergencyHoursSection ctx={ctx} />
            <TechniciansSection ctx={ctx} trades={org.data?.trades_offered ?? []} />
          </Stack>
        )}
      </Stack>
    </Page>
  );
}
