import { Alert, Box, Button, Field, Heading, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { UpdateCompanyProfileBodySchema } from '@contracts/company-profile.contract';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { EmptyNotice } from '../../../components/empty-notice';
import { ErrorNotice } from '../../../components/error-notice';
import { LoadingNotice } from '../../../components/loading-notice';
import { Page } from '../../../components/page';
import { applyApiErrors, requestResolver } from '../../../lib/form-errors';
import { useSelectedOrg } from '../../organizations/selected-org';
import { updateCompanyProfile, useCompanyProfile } from '../api/company-profile.api';
import {
  ADDRESS_PARTS,
  changesOf,
  formFrom,
  PROFILE_FIELDS,
  PROFILE_FORM_FIELDS,
  type AddressPart,
  type ProfileForm,
  type ProfileText,
} from '../company-profile-form';

/** 001 §2.13: the business's legal details, which the agents and messaging registrations use. */
export function CompanyProfilePage() {
  const { orgId } = useSelectedOrg();
  const profile = useCompanyProfile(orgId);
  const [loadedFor, setLoadedFor] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const saved = profile.data;
  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ProfileForm>({
    defaultValues: formFrom(null),
    // The PATCH body this form would send, checked by the API's own schema: a field shows the API's message.
    resolver: requestResolver(UpdateCompanyProfileBodySchema, (values) => (orgId ? changesOf(orgId, values, saved) : null) ?? { orgId }, PROFILE_FORM_FIELDS),
  });

  useEffect(() => {
    if (!profile.data || !orgId || profile.data.org_id !== orgId || loadedFor === orgId) return;
    reset(formFrom(profile.data));
    setNotice(null);
    setLoadedFor(orgId);
  }, [profile.data, orgId, loadedFor, reset]);

  useEffect(() => {
    const subscription = watch(() => setNotice(null));
    return () => subscription.unsubscribe();
  }, [watch]);

  const body = orgId ? changesOf(orgId, watch(), saved) : null;

  async function save(form: ProfileForm) {
    const changes = orgId ? changesOf(orgId, form, saved) : null;
    if (!changes) return;
    try {
      const next = await updateCompanyProfile(changes);
      await profile.mutate(next, { revalidate: false });
      reset(formFrom(next));
      setNotice({ ok: true, text: 'Company profile saved.' });
    } catch (error) {
      const unplaced = applyApiErrors(error, setError, PROFILE_FORM_FIELDS);
      setNotice({ ok: false, text: unplaced ?? 'Check the marked fields.' });
    }
  }

  const text = (key: ProfileText, label: string, placeholder?: string, help?: string) => (
    <Field.Root key={key} invalid={Boolean(errors[key])}>
      <Field.Label>{label}</Field.Label>
      <Input placeholder={placeholder} {...register(key)} data-testid={`profile-${key}`} />
      {help ? <Field.HelperText>{help}</Field.HelperText> : null}
      <Field.ErrorText data-testid={`profile-${key}-error`}>{errors[key]?.message}</Field.ErrorText>
    </Field.Root>
  );

  const addressPart = (key: AddressPart, label: string) => (
    <Field.Root key={key} invalid={Boolean(errors.address?.[key])}>
      <Field.Label>{label}</Field.Label>
      <Input {...register(`address.${key}`)} data-testid={`profile-address-${key}`} />
      <Field.ErrorText data-testid={`profile-address-${key}-error`}>{errors.address?.[key]?.message}</Field.ErrorText>
    </Field.Root>
  );

  const failure = notice && !notice.ok ? notice.text : (errors.root?.message ?? null);

  return (
    <Page title="Company profile" description="The business's legal and contact details: used by the agents and for SMS registration.">
      {profile.error ? (
        <ErrorNotice error={profile.error} onRetry={() => void profile.mutate()} />
      ) : !profile.data || loadedFor !== orgId ? (
        <LoadingNotice label="Loading the company profile" />
      ) : (
        <form noValidate onSubmit={(event) => void handleSubmit(save)(event)}>
          <Stack gap={5} data-testid="company-profile">
            {profile.data.id === null ? (
              <Box data-testid="profile-empty">
                <EmptyNotice symbol="✎" title="No company profile yet" description="Fill in the business's details below and save them." />
              </Box>
            ) : null}
            <SimpleGrid columns={{ base: 1, md: 2 }} gap={4}>
              {PROFILE_FIELDS.map((f) => text(f.key, f.label, f.placeholder, f.help))}
            </SimpleGrid>
            <Box>
              <Heading as="h2" size="md" mb={2}>
                Business address
              </Heading>
              <SimpleGrid columns={{ base: 1, md: 3 }} gap={4}>
                {ADDRESS_PARTS.map((p) => addressPart(p.key, p.label))}
              </SimpleGrid>
            </Box>
            {profile.data.sms_config ? (
              <Text fontSize="sm" color="fg.muted" data-testid="profile-sms-config">
                SMS registration is on file.
              </Text>
            ) : null}
            {notice?.ok ? (
              <Alert.Root status="success" data-testid="profile-saved">
                <Alert.Indicator />
                <Alert.Description>{notice.text}</Alert.Description>
              </Alert.Root>
            ) : failure ? (
              <Alert.Root status="error" data-testid="profile-error">
                <Alert.Indicator />
                <Alert.Description>{failure}</Alert.Description>
              </Alert.Root>
            ) : null}
            <Box>
              <Button type="submit" loading={isSubmitting} disabled={!body} data-testid="profile-save">
                Save profile
              </Button>
            </Box>
          </Stack>
        </form>
      )}
    </Page>
  );
}
