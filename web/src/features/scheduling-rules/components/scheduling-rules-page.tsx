import { EmptyNotice } from '../../../components/empty-notice';
import { Page } from '../../../components/page';

export function SchedulingRulesPage() {
  return (
    <Page title="Scheduling rules" description="Limits on what your agents may book.">
      <EmptyNotice symbol="≡" title="No scheduling rules yet" description="Rules that cap bookings when their conditions match within an activation period will appear here." />
    </Page>
  );
}
