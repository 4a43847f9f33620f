import { Code, Spinner, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { EmptyNotice } from '../../../components/empty-notice';
import { Page } from '../../../components/page';
import { useInteractionLink } from '../api/interaction-link.api';

/** Target of the "View on Dashboard" link in notifications and the "Details:" link in SMS: goes on to the call's details. */
export function InteractionLinkPage({ interactionId }: { interactionId: string }) {
  const { data, error } = useInteractionLink(interactionId);
  const navigate = useNavigate();
  useEffect(() => {
    if (data) void navigate(data.redirect, { replace: true });
  }, [data, navigate]);
  return (
    <Page title="Interaction">
      {error ? (
        <EmptyNotice
          symbol="⌕"
          title="Interaction not found"
          description={
            <>
              <Text as="span">There is no interaction </Text>
              <Code data-testid="interaction-id">{interactionId}</Code>
              <Text as="span"> in your organizations.</Text>
            </>
          }
        />
      ) : (
        <Spinner data-testid="interaction-link-loading" />
      )}
    </Page>
  );
}
