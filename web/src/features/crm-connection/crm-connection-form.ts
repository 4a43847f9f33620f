import { z } from 'zod';
import {
  CRM_VENDOR_NAMES,
  HousecallProCrmConfigSchema,
  SaveCrmConnectionBodySchema,
  SECRET_FIELDS,
  ServiceTitanCrmConfigSchema,
  type HousecallProCrmConfig,
  type ServiceTitanCrmConfig,
} from '@contracts/crm-connection.contract';

// The crm_config fields (000 §3 "CRM configuration variants") an org admin sets on the CRM connection page,
// typed by the API's own schemas, and how the form becomes the body of PUT /org/crm-connection.

export const CRM_CHOICES = ['servicetitan', 'housecallpro'] as const;
export type CrmChoice = (typeof CRM_CHOICES)[number];
export const CRM_LABELS: Record<CrmChoice, string> = CRM_VENDOR_NAMES;

export const isCrmChoice = (name: unknown): name is CrmChoice => (CRM_CHOICES as readonly unknown[]).includes(name);

/** text and secret are sent trimmed; tenant-id as a number when it is one; checkbox as true or false. */
export type CrmFieldKind = 'text' | 'secret' | 'tenant-id' | 'checkbox';
/** summary: the label in the current connection's summary, when the form's is too long for it. */
export type CrmField<K extends string = string> = { key: K; label: string; kind: CrmFieldKind; optional?: boolean; help?: string; summary?: string };

export const CRM_FIELDS: { servicetitan: readonly CrmField<keyof ServiceTitanCrmConfig>[]; housecallpro: readonly CrmField<keyof HousecallProCrmConfig>[] } = {
  servicetitan: [
    { key: 'clientId', label: 'Client id', kind: 'text' },
    { key: 'clientSecret', label: 'Client secret', kind: 'secret' },
    { key: 'crmTenantId', label: 'Tenant id', kind: 'tenant-id', help: 'The numeric ServiceTitan tenant id.' },
    { key: 'appKey', label: 'App key', kind: 'secret', optional: true, help: "Leave empty to use the deployment's ServiceTitan app key." },
    { key: 'bookingProviderId', label: 'Booking provider id', kind: 'text', help: 'The booking provider the agents create bookings under; booking needs it.' },
    { key: 'defaultCampaignId', label: 'Default campaign id', kind: 'text', optional: true },
    { key: 'isSandbox', label: "Use ServiceTitan's integration (sandbox) environment", kind: 'checkbox', summary: 'Sandbox' },
  ],
  housecallpro: [
    { key: 'appKey', label: 'API key', kind: 'secret', help: "The company's Housecall Pro API key." },
    { key: 'agentId', label: 'Agent employee id', kind: 'text', help: 'The Housecall Pro employee the AI agent acts as.' },
    { key: 'defaultEmployeeId', label: 'Default employee id', kind: 'text', optional: true, help: 'Who is assigned new jobs by default.' },
  ],
};

/**
 * Fields the API never shows and those that only work with one of them: a save cannot keep them unless they
 * are typed again, and this form does not ask for the latter.
 */
const SECRET_KEYS = new Set(Object.values(SECRET_FIELDS).flat());
const NEEDS_A_SECRET = new Set(['migratedClientId', 'useMigratedConfig', 'username']);

/** What the API shows of a connection (GET and PUT /org/crm-connection). */
export type ShownCrmConnection = { connected: boolean; crm_name: string | null; crm_config: Record<string, unknown> | null };

export type CrmFormValues = Record<string, string | boolean>;

/** Values are kept per CRM so switching back and forth loses nothing typed. */
export type CrmForm = { crmName: CrmChoice; values: Record<CrmChoice, CrmFormValues>; skipCrmTest: boolean };

export type SaveCrmConnectionBody = { orgId: string; crm_name: CrmChoice; crm_config: Record<string, unknown>; skip_crm_test: boolean };

/** A value as the API shows a secret: **** or ****abcd. */
export const isMasked = (value: unknown): boolean => typeof value === 'string' && value.startsWith('****');

function blankValues(crmName: CrmChoice): CrmFormValues {
  return Object.fromEntries(CRM_FIELDS[crmName].map((f) => [f.key, f.kind === 'checkbox' ? false : '']));
}

/** The form for a connection: its CRM and non-secret fields filled in, every secret empty (it must be typed again). */
export function formFrom(connection: ShownCrmConnection | null | undefined): CrmForm {
  const values = { servicetitan: blankValues('servicetitan'), housecallpro: blankValues('housecallpro') };
  const crmName = connection?.connected && isCrmChoice(connection.crm_name) ? connection.crm_name : 'servicetitan';
  const config = connection?.connected && isCrmChoice(connection.crm_name) ? (connection.crm_config ?? {}) : {};
  for (const field of CRM_FIELDS[crmName]) {
    const value = config[field.key];
    if (field.kind === 'secret' || value === undefined || value === null || isMasked(value)) continue;
    if (field.kind === 'checkbox') values[crmName][field.key] = value === true;
    else if (typeof value === 'string' || typeof value === 'number') values[crmName][field.key] = String(value);
  }
  return { crmName, values, skipCrmTest: false };
}

/**
 * Settings of the current connection the form does not show (an operator may have set defaultJobTypeId,
 * autoAssignTech, …): a save to the same CRM sends them back so they are not lost. Secrets, masked values and
 * settings that only work with a secret are left out.
 */
export function keptSettings(connection: ShownCrmConnection | null | undefined, crmName: CrmChoice): Record<string, unknown> {
  if (!connection?.connected || connection.crm_name !== crmName || !connection.crm_config) return {};
  const inForm = new Set<string>(CRM_FIELDS[crmName].map((f) => f.key));
  return Object.fromEntries(
    Object.entries(connection.crm_config).filter(
      ([key, value]) => !inForm.has(key) && !SECRET_KEYS.has(key) && !NEEDS_A_SECRET.has(key) && value !== null && value !== undefined && !isMasked(value),
    ),
  );
}

/** A tenant id as ServiceTitan numbers it; anything else is sent as typed for the API to name the field. */
function tenantId(text: string): number | string {
  return /^\d+$/.test(text) && Number.isSafeInteger(Number(text)) ? Number(text) : text;
}

/**
 * The body of PUT /org/crm-connection: the chosen CRM's fields trimmed, empty ones left out (the API then
 * says which required field is missing, and an empty ServiceTitan app key means the deployment's).
 */
export function buildSaveBody(orgId: string, form: CrmForm, kept: Record<string, unknown> = {}): SaveCrmConnectionBody {
  const values = form.values[form.crmName];
  const config: Record<string, unknown> = { ...kept };
  for (const field of CRM_FIELDS[form.crmName]) {
    const value = values[field.key];
    if (field.kind === 'checkbox') {
      config[field.key] = value === true;
      continue;
    }
    const text = typeof value === 'string' ? value.trim() : '';
    if (text === '') continue;
    config[field.key] = field.kind === 'tenant-id' ? tenantId(text) : text;
  }
  return { orgId, crm_name: form.crmName, crm_config: config, skip_crm_test: form.skipCrmTest };
}

/**
 * PUT /org/crm-connection's body with its crm_config checked as the API checks it for its crm_name (the API
 * also fills ServiceTitan's app key from the deployment's, so only it can say that one is missing).
 */
export const SaveCrmConnectionRequestSchema = z.discriminatedUnion('crm_name', [
  SaveCrmConnectionBodySchema.extend({ crm_name: z.literal('servicetitan'), crm_config: ServiceTitanCrmConfigSchema }),
  SaveCrmConnectionBodySchema.extend({ crm_name: z.literal('housecallpro'), crm_config: HousecallProCrmConfigSchema }),
]);

/** Every input of the form by its path: each CRM's fields under values.<crm>, and the CRM. */
export const CRM_FORM_FIELDS = ['crmName', ...CRM_CHOICES.flatMap((crm) => CRM_FIELDS[crm].map((f) => `values.${crm}.${f.key}` as const))] as const;

/** The form's input for a request path: crm_config.clientId is values.<crm>.clientId, crm_name the CRM. */
export const crmFieldOf =
  (crmName: CrmChoice) =>
  (path: string): string =>
    path === 'crm_name' ? 'crmName' : path.startsWith('crm_config.') ? `values.${crmName}.${path.slice('crm_config.'.length)}` : path;

/** The connection's shown fields, labelled, in form order; secrets as the API masked them. */
export function describeConnection(connection: ShownCrmConnection): { key: string; label: string; value: string }[] {
  if (!connection.connected || !isCrmChoice(connection.crm_name) || !connection.crm_config) return [];
  const config = connection.crm_config;
  return CRM_FIELDS[connection.crm_name].flatMap((field) => {
    const value = config[field.key];
    if (value === undefined || value === null || value === '') return [];
    const label = field.summary ?? field.label;
    if (field.kind === 'checkbox') return [{ key: field.key, label, value: value === true ? 'Yes' : 'No' }];
    return typeof value === 'string' || typeof value === 'number' ? [{ key: field.key, label, value: String(value) }] : [];
  });
}
