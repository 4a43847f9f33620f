import { Alert, Box, Button, Field, Heading, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { EmptyNotice } from '../../../components/empty-notice';
import { errorMessage, ErrorNotice } from '../../../components/error-notice';
import { LoadingNotice } from '../../../components/loading-notice';
import { Page } from '../../../components/page';
import { ApiError } from '../../../lib/api-client';
import { useSelectedOrg } from '../../organizations/selected-org';
import { updateCompanyProfile, useCompanyProfile } from '../api/company-profile.api';
import {
  ADDRESS_PARTS,
  changesOf,
  fieldsNamedIn,
  formFrom,
  PROFILE_FIELDS,
  type AddressPart,
  type ProfileForm,
  type ProfileText,
} from '../company-profile-form';

/** 001 §2.13: the business's legal details, which the agents and messaging registrations use. */
export function CompanyProfilePage() {
  const { orgId } = useSelectedOrg();
  const profile = useCompanyProfile(orgId);
  const [form, setForm] = useState<ProfileForm>(() => formFrom(null));
  const [loadedFor, setLoadedFor] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [badFields, setBadFields] = useState<string[]>([]);

  useEffect(() => {
    if (!profile.data || !orgId || profile.data.org_id !== orgId || loadedFor === orgId) return;
    setForm(formFrom(profile.data));
    setNotice(null);
    setBadFields([]);
    setLoadedFor(orgId);
  }, [profile.data, orgId, loadedFor]);

  function changed(next: ProfileForm) {
    setForm(next);
    setNotice(null);
    setBadFields([]);
  }

  const body = orgId ? changesOf(orgId, form, profile.data) : null;

  async function save() {
    if (!body) return;
    setSaving(true);
    setNotice(null);
    setBadFields([]);
    try {
      const saved = await updateCompanyProfile(body);
      await profile.mutate(saved, { revalidate: false });
      setForm(formFrom(saved));
      setNotice({ ok: true, text: 'Company profile saved.' });
    } catch (error) {
      setNotice({ ok: false, text: errorMessage(error) });
      setBadFields(error instanceof ApiError && error.status === 400 ? fieldsNamedIn(error.message, body) : []);
    } finally {
      setSaving(false);
    }
  }

  const text = (key: ProfileText, label: string, placeholder?: string, help?: string) => (
    <Field.Root key={key} invalid={badFields.includes(key)}>
      <Field.Label>{label}</Field.Label>
      <Input value={form[key]} placeholder={placeholder} onChange={(e) => changed({ ...form, [key]: e.target.value })} data-testid={`profile-${key}`} />
      {help ? <Field.HelperText>{help}</Field.HelperText> : null}
    </Field.Root>
  );

  const addressPart = (key: AddressPart, label: string) => (
    <Field.Root key={key} invalid={badFields.includes(`address.${key}`)}>
      <Field.Label>{label}</Field.Label>
      <Input
        value={form.address[key]}
        onChange={(e) => changed({ ...form, address: { ...form.address, [key]: e.target.value } })}
        data-testid={`profile-address-${key}`}
      />
    </Field.Root>
  );

  return (
    <Page title="Company profile" description="The business's legal and contact details: used by the agents and for SMS registration.">
      {profile.error ? (
        <ErrorNotice error={profile.error} onRetry={() => void profile.mutate()} />
      ) : !profile.data || loadedFor !== orgId ? (
        <LoadingNotice label="Loading the company profile" />
      ) : (
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
          {notice ? (
            <Alert.Root status={notice.ok ? 'success' : 'error'} data-testid={notice.ok ? 'profile-saved' : 'profile-error'}>
              <Alert.Indicator />
              <Alert.Description>{notice.text}</Alert.Description>
            </Alert.Root>
          ) : null}
          <Box>
            <Button loading={saving} disabled={!body} onClick={() => void save()} data-testid="profile-save">
              Save profile
            </Button>
          </Box>
        </Stack>
      )}
    </Page>
  );
}
