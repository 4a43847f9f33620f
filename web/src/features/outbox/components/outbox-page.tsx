import { EmptyNotice } from '../../../components/empty-notice';
import { Page } from '../../../components/page';

export function OutboxPage() {
  return (
    <Page title="Outbox" description="Notifications sent to your office.">
      <EmptyNotice symbol="➤" title="Nothing sent yet" description="E-mails and text messages sent to your office about each call and chat will appear here." />
    </Page>
  );
}
