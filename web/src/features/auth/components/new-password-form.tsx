import { Alert, Button, Field, Input, Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useSWRConfig } from 'swr';
import { z } from 'zod';
import { ResetPasswordRequestSchema } from '@contracts/team.contract';
import type { Session } from '../api/session.schema';
import { SESSION_KEY } from '../api/session.api';
import { applyApiErrors } from '../../../lib/form-errors';

const FormSchema = z
  .object({ password: ResetPasswordRequestSchema.shape.password, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'The passwords do not match' });
type Form = z.infer<typeof FormSchema>;

/**
 * A password (typed twice) sent with a link's token; the API answers with a session, and the dashboard opens.
 * `existing`: the invitee already has an account, so the password is checked rather than set.
 */
export function NewPasswordForm({
  submitLabel,
  existing = false,
  send,
}: {
  submitLabel: string;
  existing?: boolean;
  send: (password: string) => Promise<Session>;
}) {
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const [failure, setFailure] = useState<string | null>(null);
  const schema = existing ? z.object({ password: z.string().min(1, 'Password is required'), confirm: z.string() }) : FormSchema;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Form>({ resolver: zodResolver(schema), defaultValues: { password: '', confirm: '' } });

  async function submit(form: Form) {
    setFailure(null);
    try {
      const session = await send(form.password);
      await mutate(() => true, undefined, { revalidate: false });
      await mutate(SESSION_KEY, session, { revalidate: false });
      await navigate('/', { replace: true });
    } catch (error) {
      setFailure(applyApiErrors(error, setError, ['password']));
    }
  }

  return (
    <form onSubmit={(event) => void handleSubmit(submit)(event)} noValidate>
      <Stack gap="4">
        <Field.Root invalid={Boolean(errors.password)} required>
          <Field.Label>{existing ? 'Your current password' : 'New password'}</Field.Label>
          <Input type="password" autoComplete={existing ? 'current-password' : 'new-password'} autoFocus {...register('password')} data-testid="new-password" />
          <Field.ErrorText>{errors.password?.message}</Field.ErrorText>
        </Field.Root>
        {!existing && (
          <Field.Root invalid={Boolean(errors.confirm)} required>
            <Field.Label>Repeat the password</Field.Label>
            <Input type="password" autoComplete="new-password" {...register('confirm')} data-testid="new-password-confirm" />
            <Field.ErrorText>{errors.confirm?.message}</Field.ErrorText>
          </Field.Root>
        )}
        <Button type="submit" colorPalette="blue" loading={isSubmitting} data-testid="new-password-submit">
          {submitLabel}
        </Button>
        {failure && (
          <Alert.Root status="error" data-testid="new-password-error">
            <Alert.Indicator />
            <Alert.Title>{failure}</Alert.Title>
          </Alert.Root>
        )}
      </Stack>
    </form>
  );
}
