import { Alert, Box, Button, Card, Link as ChakraLink, Field, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useSWRConfig } from 'swr';
import { LoginRequestSchema } from '@contracts/auth.contract';
import { safeNextPath } from '../../../lib/api-client';
import { applyApiErrors } from '../../../lib/form-errors';
import { login, SESSION_KEY } from '../api/session.api';
import type { LoginRequest } from '../api/session.schema';

export function LoginPage() {
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginRequest>({ resolver: zodResolver(LoginRequestSchema), defaultValues: { email: '', password: '' } });

  async function signIn(credentials: LoginRequest) {
    setFailure(null);
    try {
      const session = await login(credentials);
      // Drop anything cached for a previous user before showing this one's data.
      await mutate(() => true, undefined, { revalidate: false });
      await mutate(SESSION_KEY, session, { revalidate: false });
      await navigate(safeNextPath(query.get('next')) ?? '/', { replace: true });
    } catch (error) {
      setFailure(applyApiErrors(error, setError, ['email', 'password']));
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
          <form onSubmit={(event) => void handleSubmit(signIn)(event)} noValidate>
            <Stack gap="4">
              <Field.Root invalid={Boolean(errors.email)} required>
                <Field.Label>E-mail</Field.Label>
                <Input
                  type="email"
                  autoComplete="username"
                  autoFocus
                  {...register('email', { setValueAs: (value: string) => value.trim() })}
                  data-testid="login-email"
                />
                <Field.ErrorText data-testid="login-email-error">{errors.email?.message}</Field.ErrorText>
              </Field.Root>
              <Field.Root invalid={Boolean(errors.password)} required>
                <Field.Label>Password</Field.Label>
                <Input type="password" autoComplete="current-password" {...register('password')} data-testid="login-password" />
                <Field.ErrorText data-testid="login-password-error">{errors.password?.message}</Field.ErrorText>
              </Field.Root>
              <Button type="submit" colorPalette="blue" loading={isSubmitting} loadingText="Signing in…" data-testid="login-submit">
                Sign in
              </Button>
              <ChakraLink asChild colorPalette="blue" textStyle="sm" alignSelf="center">
                <Link to="/forgot-password" data-testid="login-forgot">
                  Forgot password?
                </Link>
              </ChakraLink>
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
