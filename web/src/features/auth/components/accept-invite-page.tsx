import { Alert, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link, useSearchParams } from 'react-router';
import useSWR from 'swr';
import { errorMessage } from '../../../components/error-notice';
import { LoadingNotice } from '../../../components/loading-notice';
import { acceptInvitation, previewInvitation } from '../../team/api/team.api';
import { AuthCard } from './auth-card';
import { NewPasswordForm } from './new-password-form';

/** The invitation e-mail's link: who invites whom to what, then the password that opens the dashboard. */
export function AcceptInvitePage() {
  const [query] = useSearchParams();
  const token = query.get('token') ?? '';
  const preview = useSWR(token ? ['invitation', token] : null, () => previewInvitation(token), { revalidateOnFocus: false, shouldRetryOnError: false });

  if (!token || preview.error) {
    return (
      <AuthCard title="Accept invitation">
        <Stack gap="4">
          <Alert.Root status="error" data-testid="invite-invalid">
            <Alert.Indicator />
            <Alert.Title>{token ? errorMessage(preview.error) : 'This page needs the link from your invitation e-mail.'}</Alert.Title>
          </Alert.Root>
          <Text textStyle="sm">Ask an admin of your organization to resend the invitation.</Text>
          <ChakraLink asChild colorPalette="blue">
            <Link to="/login">Go to sign in</Link>
          </ChakraLink>
        </Stack>
      </AuthCard>
    );
  }
  if (!preview.data) return <LoadingNotice label="Opening your invitation…" />;
  const invite = preview.data;
  return (
    <AuthCard
      title={`Join ${invite.organization_name}`}
      lead={
        <>
          {invite.name}, you are invited as {invite.role === 'admin' ? 'an admin' : 'a member'} with <b data-testid="invite-email">{invite.email}</b>.{' '}
          {invite.existing_account ? 'You already have a HomeAgent account: enter its password to join.' : 'Choose a password to finish.'}
        </>
      }
    >
      <NewPasswordForm submitLabel="Join the organization" existing={invite.existing_account} send={(password) => acceptInvitation(token, password)} />
    </AuthCard>
  );
}
