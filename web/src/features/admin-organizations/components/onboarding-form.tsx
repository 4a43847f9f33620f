import { Alert, Button, Checkbox, CheckboxGroup, Field, Fieldset, Input, NativeSelect, SimpleGrid, Stack, Wrap } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { applyApiErrors } from '../../../lib/form-errors';
import type { WorkflowActionResult } from '../../admin-workflows/api/workflow.schema';
import { startOnboarding } from '../api/organizations.api';
import { type OnboardingForm as OnboardingFormValues, OnboardingFormSchema, type OnboardingRequest, TIMEZONES, TRADES } from '../api/organizations.schema';

const EMPTY_FORM: OnboardingFormValues = {
  name: '',
  slug: '',
  admin_email: '',
  office_email: '',
  password: '',
  timezone: '',
  trades_offered: [],
  crm_name: 'NONE',
};

type TextField = 'name' | 'slug' | 'admin_email' | 'office_email' | 'password';

const TEXT_FIELDS: { name: TextField; label: string; type?: string; required?: boolean; helper?: string }[] = [
  { name: 'name', label: 'Business name', required: true },
  { name: 'slug', label: 'Slug', helper: 'Optional.' },
  { name: 'admin_email', label: 'Admin e-mail', type: 'email', required: true, helper: 'Gets the first dashboard login.' },
  { name: 'office_email', label: 'Office e-mail', type: 'email', required: true, helper: 'Receives call notifications.' },
  { name: 'password', label: 'Admin password', type: 'password', helper: 'Optional.' },
];

const FIELDS = [...TEXT_FIELDS.map((field) => field.name), 'timezone', 'trades_offered'] as const;

export function OnboardingForm({ onStarted }: { onStarted: (started: WorkflowActionResult) => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<OnboardingFormValues, unknown, OnboardingRequest>({ resolver: zodResolver(OnboardingFormSchema), defaultValues: EMPTY_FORM });

  async function submit(request: OnboardingRequest) {
    setFailure(null);
    try {
      onStarted(await startOnboarding(request));
    } catch (error) {
      // The API checks more than the form can (a slug already taken, …); its 400 names the fields by path.
      setFailure(applyApiErrors(error, setError, FIELDS));
    }
  }

  return (
    <form onSubmit={(event) => void handleSubmit(submit)(event)} noValidate data-testid="onboarding-form">
      <Stack gap="5">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {TEXT_FIELDS.map((field) => (
            <Field.Root key={field.name} required={field.required} invalid={Boolean(errors[field.name])}>
              <Field.Label>
                {field.label}
                <Field.RequiredIndicator />
              </Field.Label>
              <Input type={field.type ?? 'text'} autoComplete="off" {...register(field.name)} data-testid={`onboarding-${field.name}`} />
              {errors[field.name] ? (
                <Field.ErrorText>{errors[field.name]?.message}</Field.ErrorText>
              ) : (
                field.helper && <Field.HelperText>{field.helper}</Field.HelperText>
              )}
            </Field.Root>
          ))}
          <Field.Root required invalid={Boolean(errors.timezone)}>
            <Field.Label>
              Timezone
              <Field.RequiredIndicator />
            </Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field {...register('timezone')} data-testid="onboarding-timezone">
                <option value="">Pick a timezone</option>
                {TIMEZONES.map((timezone) => (
                  <option key={timezone} value={timezone}>
                    {timezone.replaceAll('_', ' ')}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.ErrorText>{errors.timezone?.message}</Field.ErrorText>
          </Field.Root>
        </SimpleGrid>

        <Fieldset.Root invalid={Boolean(errors.trades_offered)}>
          <Fieldset.Legend>Trades offered</Fieldset.Legend>
          <Controller
            control={control}
            name="trades_offered"
            render={({ field }) => (
              <CheckboxGroup value={field.value} onValueChange={(trades) => field.onChange(trades)}>
                <Wrap gap="4">
                  {TRADES.map((trade) => (
                    <Checkbox.Root key={trade} value={trade}>
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                      <Checkbox.Label>{trade}</Checkbox.Label>
                    </Checkbox.Root>
                  ))}
                </Wrap>
              </CheckboxGroup>
            )}
          />
          <Fieldset.ErrorText>{errors.trades_offered?.message}</Fieldset.ErrorText>
          <Fieldset.HelperText>The CRM is connected after onboarding; the organization starts in testing.</Fieldset.HelperText>
        </Fieldset.Root>

        {failure && (
          <Alert.Root status="error" data-testid="onboarding-error">
            <Alert.Indicator />
            <Alert.Title>{failure}</Alert.Title>
          </Alert.Root>
        )}
        <Button type="submit" colorPalette="blue" alignSelf="start" loading={isSubmitting} loadingText="Starting…">
          Start onboarding
        </Button>
      </Stack>
    </form>
  );
}
