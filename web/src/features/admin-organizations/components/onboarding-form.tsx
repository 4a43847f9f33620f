import { Alert, Button, Checkbox, CheckboxGroup, Field, Fieldset, Input, NativeSelect, SimpleGrid, Stack, Wrap } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { z } from 'zod';
import { errorMessage } from '../../../components/error-notice';
import type { WorkflowActionResult } from '../../admin-workflows/api/workflow.schema';
import { startOnboarding } from '../api/organizations.api';
import { type OnboardingForm as OnboardingFormValues, OnboardingRequestSchema, TIMEZONES, TRADES } from '../api/organizations.schema';

type FieldErrors = Partial<Record<keyof OnboardingFormValues, string>>;

const EMPTY_FORM: OnboardingFormValues = {
  name: '',
  slug: '',
  admin_email: '',
  office_email: '',
  password: '',
  timezone: '' as OnboardingFormValues['timezone'],
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

export function OnboardingForm({ onStarted }: { onStarted: (started: WorkflowActionResult) => void }) {
  const [values, setValues] = useState<OnboardingFormValues>(EMPTY_FORM);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const set = <K extends keyof OnboardingFormValues>(key: K, value: OnboardingFormValues[K]) => setValues((current) => ({ ...current, [key]: value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const parsed = OnboardingRequestSchema.safeParse(values);
    if (!parsed.success) {
      const fieldErrors = z.flattenError(parsed.error).fieldErrors;
      setErrors(Object.fromEntries(Object.entries(fieldErrors).map(([key, messages]) => [key, messages?.[0]])));
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      onStarted(await startOnboarding(parsed.data));
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate data-testid="onboarding-form">
      <Stack gap="5">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {TEXT_FIELDS.map((field) => (
            <Field.Root key={field.name} required={field.required} invalid={Boolean(errors[field.name])}>
              <Field.Label>
                {field.label}
                <Field.RequiredIndicator />
              </Field.Label>
              <Input
                type={field.type ?? 'text'}
                autoComplete="off"
                value={values[field.name] ?? ''}
                onChange={(event) => set(field.name, event.target.value)}
              />
              {errors[field.name] ? (
                <Field.ErrorText>{errors[field.name]}</Field.ErrorText>
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
              <NativeSelect.Field value={values.timezone} onChange={(event) => set('timezone', event.currentTarget.value as OnboardingFormValues['timezone'])}>
                <option value="">Pick a timezone</option>
                {TIMEZONES.map((timezone) => (
                  <option key={timezone} value={timezone}>
                    {timezone.replaceAll('_', ' ')}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.ErrorText>{errors.timezone}</Field.ErrorText>
          </Field.Root>
        </SimpleGrid>

        <Fieldset.Root invalid={Boolean(errors.trades_offered)}>
          <Fieldset.Legend>Trades offered</Fieldset.Legend>
          <CheckboxGroup value={values.trades_offered} onValueChange={(trades) => set('trades_offered', trades as OnboardingFormValues['trades_offered'])}>
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
          <Fieldset.ErrorText>{errors.trades_offered}</Fieldset.ErrorText>
          <Fieldset.HelperText>The CRM is connected after onboarding; the organization starts in testing.</Fieldset.HelperText>
        </Fieldset.Root>

        {failure && (
          <Alert.Root status="error" data-testid="onboarding-error">
            <Alert.Indicator />
            <Alert.Title>{failure}</Alert.Title>
          </Alert.Root>
        )}
        <Button type="submit" colorPalette="blue" alignSelf="start" loading={submitting} loadingText="Starting…">
          Start onboarding
        </Button>
      </Stack>
    </form>
  );
}
