import { EmptyNotice } from '../../../components/empty-notice';
import { Page } from '../../../components/page';

export function AvailabilityPage() {
  return (
    <Page title="Availability" description="Business hours, emergency hours and holidays.">
      <EmptyNotice symbol="◴" title="Availability not set up yet" description="Your regular hours, emergency hours, holidays and availability message will appear here; your agents book within them." />
    </Page>
  );
}
