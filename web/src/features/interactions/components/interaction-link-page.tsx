import { Code, Text } from '@chakra-ui/react';
import { EmptyNotice } from '../../../components/empty-notice';
import { Page } from '../../../components/page';

/** Target of the "View on Dashboard" link in notifications and the "Details:" link in SMS. */
export function InteractionLinkPage({ interactionId }: { interactionId: string }) {
  return (
    <Page title="Interaction">
      <EmptyNotice
        symbol="⌕"
        title="The interaction view is coming"
        description={
          <>
            <Text as="span">The details of interaction </Text>
            <Code data-testid="interaction-id">{interactionId}</Code>
            <Text as="span"> — its call or chat, summary and booked jobs — will be shown here.</Text>
          </>
        }
      />
    </Page>
  );
}
