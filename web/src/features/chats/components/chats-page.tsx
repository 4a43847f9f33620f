import { Tabs } from '@chakra-ui/react';
import { Page } from '../../../components/page';
import { WebsiteChatsPanel } from './website-chats-panel';

/** The organization's chats, one tab per kind: the website widget's first (001 §2.5). */
export function ChatsPage() {
  return (
    <Page title="Chats" description="Conversations from your website chat and booking widget.">
      <Tabs.Root defaultValue="website" variant="line" lazyMount>
        <Tabs.List>
          <Tabs.Trigger value="website" data-testid="chats-tab-website">
            Website chats
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="website">
          <WebsiteChatsPanel />
        </Tabs.Content>
      </Tabs.Root>
    </Page>
  );
}
