import { z } from 'zod';
import type { CrmName } from '../organization/organization-settings.schema';
import type { ValidationResult } from '../validation/result';

// crm_config of spec 000 §3 ("Organization settings", "CRM configuration variants"), one schema per crm_name.
// Messages name the field as the request does (crm_config.clientId) so a 400 says what to fix.

const required = (field: string) => `crm_config.${field} is required`;

const text = (field: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? required(field) : `crm_config.${field} must be a string`) })
    .trim()
    .min(1, required(field));

/** Vendor ids: ServiceTitan's are numbers, so a number is taken and kept as a string. */
const id = (field: string) => z.preprocess((v) => (typeof v === 'number' ? String(v) : v), text(field));

const flag = (field: string) => z.boolean(`crm_config.${field} must be true or false`).optional();

const idOrIdPerKey = (field: string) =>
  z.union([id(field), z.record(z.string(), id(field))], { error: `crm_config.${field} must be an id or a map of ids` }).optional();

/** {crm_a}: the shared CRM configuration. appKey may be left out: the deployment's SERVICETITAN_APP_KEY is the default. */
export const ServiceTitanCrmConfigSchema = z.object(
  {
    appKey: text('appKey').optional(),
    clientId: text('clientId'),
    clientSecret: text('clientSecret'),
    crmTenantId: id('crmTenantId').pipe(z.string().regex(/^\d+$/, 'crm_config.crmTenantId must be the numeric ServiceTitan tenant id')),
    migratedAppKey: text('migratedAppKey').optional(),
    migratedClientId: text('migratedClientId').optional(),
    migratedClientSecret: text('migratedClientSecret').optional(),
    useMigratedConfig: flag('useMigratedConfig'),
    arrivalWindowConfigured: flag('arrivalWindowConfigured'),
    defaultJobTypeId: idOrIdPerKey('defaultJobTypeId'),
    defaultBusinessUnitId: idOrIdPerKey('defaultBusinessUnitId'),
    defaultCampaignId: id('defaultCampaignId').optional(),
    /** ServiceTitan's integration environment instead of production. */
    isSandbox: flag('isSandbox'),
    /** The product's agent id in the CRM. */
    agentId: id('agentId').optional(),
    defaultEmployeeId: id('defaultEmployeeId').optional(),
    emergencyArrivalWindowDuration: z
      .number(`crm_config.emergencyArrivalWindowDuration must be a number`)
      .positive('crm_config.emergencyArrivalWindowDuration must be positive')
      .optional(),
    bookingProviderId: id('bookingProviderId').optional(),
    autoAssignTech: flag('autoAssignTech'),
    assignDummyTech: flag('assignDummyTech'),
    defaultDummyTechs: z.record(z.string(), id('defaultDummyTechs')).optional(),
    skillBasedAvailability: flag('skillBasedAvailability'),
    autoAssignTags: flag('autoAssignTags'),
    /** The product's agent user in the CRM and its password. */
    username: text('username').optional(),
    password: text('password').optional(),
  },
  { error: 'crm_config must be an object' },
);
export type ServiceTitanCrmConfig = z.infer<typeof ServiceTitanCrmConfigSchema>;

/** {crm_b}: the company's API key as appKey, the agent's employee id, and who gets jobs by default. */
export const HousecallProCrmConfigSchema = z.object(
  {
    appKey: text('appKey'),
    agentId: id('agentId'),
    defaultEmployeeId: id('defaultEmployeeId').optional(),
  },
  { error: 'crm_config must be an object' },
);
export type HousecallProCrmConfig = z.infer<typeof HousecallProCrmConfigSchema>;

/** How each vendor CRM is named to a person. */
export const CRM_VENDOR_NAMES = { servicetitan: 'ServiceTitan', housecallpro: 'Housecall Pro' } as const;

/** An organization's own vendor CRM: the credentials it was connected with. */
export type CrmConnection = { crmName: 'servicetitan'; config: ServiceTitanCrmConfig } | { crmName: 'housecallpro'; config: HousecallProCrmConfig };

/** The credentials an answer never shows: a save keeps the stored ones unless they are typed again. */
export const SECRET_FIELDS: { [K in CrmConnection['crmName']]: readonly string[] } = {
  servicetitan: ['appKey', 'clientSecret', 'migratedAppKey', 'migratedClientSecret', 'password'],
  housecallpro: ['appKey'],
};

/**
 * The request's crm_config checked against its crm_name: null when there is none to store (NONE, or no
 * crm_config: the organization then uses the deployment's CRM). ServiceTitan's appKey falls back to
 * defaultAppKey; with neither it is refused.
 */
export function parseCrmConfig(crmName: CrmName, raw: unknown, options: { defaultAppKey?: string } = {}): ValidationResult<CrmConnection | null> {
  const empty = raw === undefined || raw === null || (typeof raw === 'object' && !Array.isArray(raw) && Object.keys(raw).length === 0);
  if (empty) return { ok: true, value: null };
  if (crmName === 'NONE') return { ok: false, message: 'crm_config must be empty when crm_name is NONE' };
  const result = (crmName === 'servicetitan' ? ServiceTitanCrmConfigSchema : HousecallProCrmConfigSchema).safeParse(raw);
  if (!result.success) {
    const issues = result.error.issues.map((i) => ({ path: ['crm_config', ...i.path.map(String)].join('.'), message: i.message }));
    return { ok: false, message: [...new Set(issues.map((i) => i.message))].join('; '), issues };
  }
  if (crmName === 'servicetitan') {
    const config = result.data as ServiceTitanCrmConfig;
    const appKey = config.appKey ?? options.defaultAppKey;
    if (!appKey) return { ok: false, message: required('appKey'), issues: [{ path: 'crm_config.appKey', message: required('appKey') }] };
    if (config.useMigratedConfig && (!config.migratedClientId || !config.migratedClientSecret)) {
      const message = 'crm_config.migratedClientId and crm_config.migratedClientSecret are required when useMigratedConfig is true';
      return { ok: false, message, issues: ['migratedClientId', 'migratedClientSecret'].map((field) => ({ path: `crm_config.${field}`, message })) };
    }
    return { ok: true, value: { crmName, config: { ...config, appKey } } };
  }
  return { ok: true, value: { crmName, config: result.data as HousecallProCrmConfig } };
}

/** The last four characters of a long secret help tell keys apart; a short one shows nothing. */
function mask(secret: string): string {
  return secret.length >= 16 ? `****${secret.slice(-4)}` : '****';
}

/** crm_config as an API may show it: every secret masked. */
export function maskedCrmConfig(connection: CrmConnection): Record<string, unknown> {
  const secrets = new Set(SECRET_FIELDS[connection.crmName]);
  return Object.fromEntries(
    Object.entries(connection.config).map(([key, value]) => [key, secrets.has(key) && typeof value === 'string' ? mask(value) : value]),
  );
}
