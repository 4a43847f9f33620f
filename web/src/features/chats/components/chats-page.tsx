import { EmptyNotice } from '../../../components/empty-notice';
import { Page } from '../../../components/page';

export function ChatsPage() {
  return (
    <Page title="Chats" description="Conversations from your website chat and booking widget.">
      <EmptyNotice
        symbol="✉"
        title="No chats yet"
        description="Chats your website visitors have with your AI agent will appear here, with the booking they made."
      />
    </Page>
  );
}
