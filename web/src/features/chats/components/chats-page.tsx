import { Tabs } from '@chakra-ui/react';
import { Page } from '../../../components/page';
import { ChatSessionsPanel } from '../../chat-sessions/components/chat-sessions-panel';
import { WebsiteChatsPanel } from './website-chats-panel';

/** The organization's chats, one tab per kind: the website widget's first, then the AI chat agent's sessions (001 §2.5, §2.7). */
export function ChatsPage() {
  return (
    <Page title="Chats" description="Conversations from your website chat and booking widget and with your AI chat agent.">
      <Tabs.Root defaultValue="website" variant="line" lazyMount>
        <Tabs.List>
          <Tabs.Trigger value="website" data-testid="chats-tab-website">
            Website chats
          </Tabs.Trigger>
          <Tabs.Trigger value="agent" data-testid="chats-tab-agent">
            Agent chats
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="website">
          <WebsiteChatsPanel />
        </Tabs.Content>
        <Tabs.Content value="agent">
          <ChatSessionsPanel />
        </Tabs.Content>
      </Tabs.Root>
    </Page>
  );
}
