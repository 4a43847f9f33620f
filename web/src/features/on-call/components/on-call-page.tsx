import { EmptyNotice } from '../../../components/empty-notice';
import { Page } from '../../../components/page';

export function OnCallPage() {
  return (
    <Page title="On-call" description="Who is on call each day.">
      <EmptyNotice symbol="◷" title="No on-call schedule yet" description="The month's on-call managers and technicians, picked from your CRM's employees, will appear here." />
    </Page>
  );
}
