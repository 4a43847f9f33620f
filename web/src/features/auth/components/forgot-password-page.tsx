import { Alert, Button, Link as ChakraLink, Field, Input, Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { ForgotPasswordRequestSchema } from '@contracts/team.contract';
import { applyApiErrors } from '../../../lib/form-errors';
import { requestPasswordReset } from '../../team/api/team.api';
import { AuthCard } from './auth-card';

type Form = z.infer<typeof ForgotPasswordRequestSchema>;

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export function ForgotPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Form>({ resolver: zodResolver(ForgotPasswordRequestSchema), defaultValues: { email: '' } });

  async function send(form: Form) {
    setFailure(null);
    try {
      await requestPasswordReset(form.email);
      setSentTo(form.email);
    } catch (error) {
      setFailure(applyApiErrors(error, setError, ['email']));
    }
  }

  return (
    <AuthCard title="Forgot password" lead="We e-mail you a link to set a new password. It works once, for 60 minutes.">
      <Stack gap="4">
        {sentTo ? (
          <Alert.Root status="success" data-testid="forgot-sent">
            <Alert.Indicator />
            <Alert.Title>If {sentTo} has a HomeAgent account, a reset link is on its way.</Alert.Title>
          </Alert.Root>
        ) : (
          <form onSubmit={(event) => void handleSubmit(send)(event)} noValidate>
            <Stack gap="4">
              <Field.Root invalid={Boolean(errors.email)} required>
                <Field.Label>E-mail</Field.Label>
                <Input
                  type="email"
                  autoComplete="username"
                  autoFocus
                  {...register('email', { setValueAs: (v: string) => v.trim() })}
                  data-testid="forgot-email"
                />
                <Field.ErrorText>{errors.email?.message}</Field.ErrorText>
              </Field.Root>
              <Button type="submit" colorPalette="blue" loading={isSubmitting} data-testid="forgot-submit">
                E-mail me a link
              </Button>
            </Stack>
          </form>
        )}
        {failure && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>{failure}</Alert.Title>
          </Alert.Root>
        )}
        <ChakraLink asChild colorPalette="blue" textStyle="sm">
          <Link to="/login">Back to sign in</Link>
        </ChakraLink>
      </Stack>
    </AuthCard>
  );
}
