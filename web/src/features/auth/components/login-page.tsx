import { Alert, Box, Button, Card, Field, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useSWRConfig } from 'swr';
import { z } from 'zod';
import { navigate, useLocation } from '../../../app/router/history';
import { errorMessage } from '../../../components/error-notice';
import { safeNextPath } from '../../../lib/api-client';
import { login, SESSION_KEY } from '../api/session.api';
import { LoginFormSchema } from '../api/session.schema';

type FieldErrors = { email?: string; password?: string };

export function LoginPage() {
  const { query } = useLocation();
  const { mutate } = useSWRConfig();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const input = LoginFormSchema.safeParse({ email: email.trim(), password });
    if (!input.success) {
      const errors = z.flattenError(input.error).fieldErrors;
      setFieldErrors({ email: errors.email?.[0], password: errors.password?.[0] });
      return;
    }
    setFieldErrors({});
    setSubmitting(true);
    try {
      const session = await login(input.data);
      // Drop anything cached for a previous user before showing this one's data.
      await mutate(() => true, undefined, { revalidate: false });
      await mutate(SESSION_KEY, session, { revalidate: false });
      navigate(safeNextPath(query.get('next')) ?? '/', { replace: true });
    } catch (error) {
      setFailure(errorMessage(error));
      setSubmitting(false);
    }
  }

  return (
    <Box minH="100vh" bg="bg.muted" display="flex" alignItems="center" justifyContent="center" px="4">
      <Card.Root w="full" maxW="sm" boxShadow="md">
        <Card.Header>
          <Text fontWeight="bold" color="blue.600" letterSpacing="tight">
            HomeAgent
          </Text>
          <Heading as="h1" size="xl" data-testid="page-title">
            Sign in
          </Heading>
          <Text color="fg.muted" textStyle="sm">
            See the calls and chats your AI agents handle and the jobs they book.
          </Text>
        </Card.Header>
        <Card.Body>
          <form onSubmit={handleSubmit} noValidate>
            <Stack gap="4">
              <Field.Root invalid={Boolean(fieldErrors.email)} required>
                <Field.Label>E-mail</Field.Label>
                <Input
                  type="email"
                  autoComplete="username"
                  autoFocus
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                  data-testid="login-email"
                />
                <Field.ErrorText>{fieldErrors.email}</Field.ErrorText>
              </Field.Root>
              <Field.Root invalid={Boolean(fieldErrors.password)} required>
                <Field.Label>Password</Field.Label>
                <Input
                  type="password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                  data-testid="login-password"
                />
                <Field.ErrorText>{fieldErrors.password}</Field.ErrorText>
              </Field.Root>
              <Button type="submit" colorPalette="blue" loading={submitting} loadingText="Signing in…" data-testid="login-submit">
                Sign in
              </Button>
              {failure && (
                <Alert.Root status="error" data-testid="login-error">
                  <Alert.Indicator />
                  <Alert.Title>{failure}</Alert.Title>
                </Alert.Root>
              )}
            </Stack>
          </form>
        </Card.Body>
      </Card.Root>
    </Box>
  );
}
