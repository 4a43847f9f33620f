import { EmptyNotice } from '../../../components/empty-notice';
import { Page } from '../../../components/page';

export function AnalyticsPage() {
  return (
    <Page title="Analytics" description="How your AI agents perform.">
      <EmptyNotice
        symbol="▤"
        title="No analytics yet"
        description="Call and widget figures — calls, booked and unbooked jobs, revenue and booking rate for a date range — will appear here once your agents have handled calls."
      />
    </Page>
  );
}
