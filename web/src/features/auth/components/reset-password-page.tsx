import { Alert, Link as ChakraLink, Stack } from '@chakra-ui/react';
import { Link, useSearchParams } from 'react-router';
import { resetPassword } from '../../team/api/team.api';
import { AuthCard } from './auth-card';
import { NewPasswordForm } from './new-password-form';

/** The reset e-mail's link: a new password, which signs every other browser out. */
export function ResetPasswordPage() {
  const [query] = useSearchParams();
  const token = query.get('token') ?? '';
  return (
    <AuthCard title="Set a new password" lead="Every other browser signed in to your account is signed out.">
      {token ? (
        <NewPasswordForm submitLabel="Set password and sign in" send={(password) => resetPassword(token, password)} />
      ) : (
        <Stack gap="4">
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>This page needs the link from your password reset e-mail.</Alert.Title>
          </Alert.Root>
          <ChakraLink asChild colorPalette="blue">
            <Link to="/forgot-password">Ask for a new link</Link>
          </ChakraLink>
        </Stack>
      )}
    </AuthCard>
  );
}
