import { z } from 'zod';
import { CrmNameSchema } from '../organization/organization-settings.schema';

// What a CRM connection form needs to know of each vendor's crm_config, and the schemas the API checks it with.
export {
  CRM_VENDOR_NAMES,
  HousecallProCrmConfigSchema,
  SECRET_FIELDS,
  ServiceTitanCrmConfigSchema,
  type HousecallProCrmConfig,
  type ServiceTitanCrmConfig,
} from '../crm/crm-config.schema';

const orgId = z.uuid('orgId must be a UUID');

export const CrmConnectionQuerySchema = z.object({ orgId });

/** crm_config is checked per crm_name by the use case (domain/crm/crm-config.schema.ts), so its message names the field. */
export const SaveCrmConnectionBodySchema = z.object({
  orgId,
  crm_name: z.enum(['servicetitan', 'housecallpro'], "crm_name must be 'servicetitan' or 'housecallpro'"),
  crm_config: z.record(z.string(), z.unknown(), 'crm_config must be an object'),
  skip_crm_test: z.boolean('skip_crm_test must be true or false').default(false),
});

export const CrmConnectionResponseSchema = z.object({
  orgId: z.uuid(),
  /** false: the organization uses the deployment's CRM (CRM_ADAPTER). */
  connected: z.boolean(),
  crm_name: CrmNameSchema.nullable(),
  /** As stored, with every secret (clientSecret, appKey, passwords) masked. */
  crm_config: z.record(z.string(), z.unknown()).nullable(),
});
