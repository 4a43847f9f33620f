import { EmptyNotice } from '../../../components/empty-notice';
import { Page } from '../../../components/page';

export function CallsPage() {
  return (
    <Page title="Calls" description="Calls answered and placed by your AI agents.">
      <EmptyNotice symbol="☎" title="No calls yet" description="Calls your AI agents answer will appear here, with the recording, transcript, summary and whether a job was booked." />
    </Page>
  );
}
