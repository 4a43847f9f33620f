// The company profile page's form (001 §2.13) and how it becomes the body of PATCH /org/company-profile:
// only the fields that changed are sent, an emptied field is sent as null (cleared).

export type ProfileText = 'legal_name' | 'dba_name' | 'website' | 'privacy_policy' | 'contact_number' | 'ein' | 'contact_email';
export type AddressPart = 'street' | 'unit' | 'city' | 'state' | 'zip' | 'country';

export type ProfileForm = Record<ProfileText, string> & { address: Record<AddressPart, string> };

export type ShownProfile = Partial<Record<ProfileText, string | null>> & {
  address?: { street: string; unit?: string | null; city: string; state: string; zip: string; country: string } | null;
};

type Address = { street: string; unit: string | null; city: string; state: string; zip: string; country: string };
export type CompanyProfilePatch = { orgId: string } & Partial<Record<ProfileText, string | null>> & { address?: Address | null };

export const PROFILE_FIELDS: readonly { key: ProfileText; label: string; placeholder?: string; help?: string }[] = [
  { key: 'legal_name', label: 'Legal name' },
  { key: 'dba_name', label: 'DBA name', help: 'The name the business trades under, if it differs.' },
  { key: 'website', label: 'Website', placeholder: 'https://example.com' },
  { key: 'privacy_policy', label: 'Privacy policy URL', placeholder: 'https://example.com/privacy' },
  { key: 'contact_number', label: 'Contact number', placeholder: '+15125550100' },
  { key: 'ein', label: 'EIN', placeholder: '12-3456789' },
  { key: 'contact_email', label: 'Contact e-mail', placeholder: 'office@example.com' },
];

export const ADDRESS_PARTS: readonly { key: AddressPart; label: string }[] = [
  { key: 'street', label: 'Street' },
  { key: 'unit', label: 'Unit (optional)' },
  { key: 'city', label: 'City' },
  { key: 'state', label: 'State / province' },
  { key: 'zip', label: 'Zip / postal code' },
  { key: 'country', label: 'Country' },
];

const TEXTS = PROFILE_FIELDS.map((f) => f.key);

/** The form's fields by path, as the API's issues name them (`ein`, `address.zip`). */
export const PROFILE_FORM_FIELDS = [...TEXTS, ...ADDRESS_PARTS.map((p) => `address.${p.key}` as const)] as const;

export function formFrom(profile: ShownProfile | null | undefined): ProfileForm {
  const a = profile?.address;
  return {
    ...(Object.fromEntries(TEXTS.map((k) => [k, profile?.[k] ?? ''])) as Record<ProfileText, string>),
    address: { street: a?.street ?? '', unit: a?.unit ?? '', city: a?.city ?? '', state: a?.state ?? '', zip: a?.zip ?? '', country: a?.country ?? 'US' },
  };
}

function addressOf(form: ProfileForm): Address | null {
  const t = Object.fromEntries(Object.entries(form.address).map(([k, v]) => [k, v.trim()])) as Record<AddressPart, string>;
  // Country alone (it has a default) is not an address.
  if (!t.street && !t.unit && !t.city && !t.state && !t.zip) return null;
  return { ...t, unit: t.unit === '' ? null : t.unit };
}

/** The PATCH body: the fields that differ from what is saved; null when nothing changed. */
export function changesOf(orgId: string, form: ProfileForm, saved: ShownProfile | null | undefined): CompanyProfilePatch | null {
  const before = formFrom(saved);
  const body: CompanyProfilePatch = { orgId };
  for (const key of TEXTS) {
    const value = form[key].trim();
    if (value !== before[key].trim()) body[key] = value === '' ? null : value;
  }
  const address = addressOf(form);
  if (JSON.stringify(address) !== JSON.stringify(addressOf(before))) body.address = address;
  return Object.keys(body).length > 1 ? body : null;
}
