import type { Db, Tx } from '../../../prisma/client';
import type { Organization } from '../../../prisma/generated/client';
import { DEFAULT_REGULAR_HOURS } from '../../../domain/organization/organization-settings.schema';
import {
  AdpConfigSchema,
  AppointmentScheduleConfigSchema,
  AvailabilityConfigSchema,
  CrmCapacitySettingsSchema,
  EmergencyConfigSchema,
  SchedulingFeatureFlagsSchema,
  type CapacitySettings,
} from '../../../domain/capacity/capacity-settings';
import type { OrgCapacityView } from '../../../domain/capacity/capacity-check';
import type { DocumentStore } from '../projection';
import { findOrganizationCapacityFields, listOrganizationNames } from '../organizations/organizations.repository';
import { createSchedulingRuleRepository, toRule, type RuleFields } from '../scheduling-rules/scheduling-rules.repository';

/** The saved capacity sections; availability_config is kept on the organizations read model instead. */
export type StoredCapacitySettings = Partial<Omit<CapacitySettings, 'availability'>>;

export interface CapacitySettingsDoc {
  orgId: string;
  settings: StoredCapacitySettings;
  streamVersion: number;
  updatedAt: Date;
}

export const capacitySettingsStore: DocumentStore<CapacitySettingsDoc> = {
  async load(tx: Tx, orgId: string) {
    const row = await tx.organizationCapacitySettings.findUnique({ where: { orgId } });
    if (!row) return null;
    return { orgId, settings: row.settings as StoredCapacitySettings, streamVersion: row.streamVersion, updatedAt: row.updatedAt };
  },
  async save(tx: Tx, orgId: string, doc: CapacitySettingsDoc) {
    const fields = { settings: doc.settings as object, streamVersion: doc.streamVersion, updatedAt: doc.updatedAt };
    await tx.organizationCapacitySettings.upsert({ where: { orgId }, create: { orgId, ...fields }, update: fields });
  },
  async reset(tx: Tx) {
    await tx.organizationCapacitySettings.deleteMany();
  },
};

/** Parses a stored section, falling back to the defaults when it is missing or no longer valid. */
function section<T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } }, stored: unknown, fallback: unknown = {}): T {
  const parsed = schema.safeParse(stored ?? fallback);
  if (parsed.success) return parsed.data;
  return (schema.safeParse(fallback) as { success: true; data: T }).data;
}

type ViewOrg = Pick<Organization, 'id' | 'timezone' | 'crmName' | 'availabilityConfig'>;

function toView(org: ViewOrg, stored: { settings: unknown; rules: RuleFields[] }): OrgCapacityView {
  const s = (stored.settings ?? {}) as StoredCapacitySettings;
  const crm = section(CrmCapacitySettingsSchema, {
    autoAssignTech: s.autoAssignTech,
    assignDummyTech: s.assignDummyTech,
    defaultDummyTechs: s.defaultDummyTechs,
    skillBasedAvailability: s.skillBasedAvailability,
  });
  return {
    timezone: org.timezone,
    crm_name: org.crmName,
    availability: section(AvailabilityConfigSchema, org.availabilityConfig, { regularHours: DEFAULT_REGULAR_HOURS }),
    schedule: section(AppointmentScheduleConfigSchema, s.schedule),
    emergency_config: section(EmergencyConfigSchema, s.emergency_config),
    adp_config: section(AdpConfigSchema, s.adp_config),
    feature_flags: section(SchedulingFeatureFlagsSchema, s.feature_flags),
    regular_job_to_dispatch: s.regular_job_to_dispatch ?? null,
    ...crm,
    rules: stored.rules.map(toRule),
  };
}

/** The capacity settings read model's queries, and the availability view built from it, the org and its rules. */
export function createCapacityRepository(db: Db) {
  const rules = createSchedulingRuleRepository(db);
  /**
   * The org's stored settings and live rules (in listRules' order) in one statement: a live get_capacity
   * reads them on every call, and each Prisma query costs about a millisecond of CPU to plan. The one read of
   * scheduling_rules outside its own repository, for that reason.
   */
  const settingsAndRules = async (orgId: string): Promise<{ settings: unknown; rules: RuleFields[] }> => {
    const [row] = await db.$queryRaw<{ settings: unknown; rules: RuleFields[] }[]>`
      SELECT (SELECT settings FROM organization_capacity_settings WHERE org_id = ${orgId}::uuid) AS settings,
             (SELECT coalesce(json_agg(json_build_object(
                       'id', id, 'name', name, 'description', description, 'conditions', conditions, 'activationPeriod', activation_period,
                       'threshold', threshold, 'status', status, 'dayStart', day_start, 'dayEnd', day_end) ORDER BY created_at, id), '[]'::json)
                FROM scheduling_rules WHERE org_id = ${orgId}::uuid AND deleted_at IS NULL) AS rules`;
    return row;
  };

  return {
    listRules: rules.listRules,
    findRule: rules.findRule,
    /** Every organization with its emergency config (admin GET /emergency-strategy). */
    async listEmergencyConfigs(): Promise<{ id: string; name: string; emergency_config: OrgCapacityView['emergency_config'] }[]> {
      const [orgs, settings] = await Promise.all([
        listOrganizationNames(db),
        db.organizationCapacitySettings.findMany({ select: { orgId: true, settings: true } }),
      ]);
      const byOrg = new Map(settings.map((s) => [s.orgId, (s.settings as StoredCapacitySettings).emergency_config]));
      return orgs.map((o) => ({ id: o.id, name: o.name, emergency_config: section(EmergencyConfigSchema, byOrg.get(o.id)) }));
    },
    /** The organization availability view (spec 000 §3) with the org's rules; null for an unknown org. */
    async view(orgId: string): Promise<OrgCapacityView | null> {
      const [org, stored] = await Promise.all([findOrganizationCapacityFields(db, orgId), settingsAndRules(orgId)]);
      return org ? toView(org, stored) : null;
    },
    /** The same view for an organization row the caller has already read (a live tool call): one round trip. */
    async viewOf(org: ViewOrg): Promise<OrgCapacityView> {
      return toView(org, await settingsAndRules(org.id));
    },
  };
}

export type CapacityRepository = ReturnType<typeof createCapacityRepository>;

/** The org's saved capacity sections; null when it has never saved any. */
export const findStoredCapacitySettings = async (db: Db, orgId: string): Promise<StoredCapacitySettings | null> =>
  ((await db.organizationCapacitySettings.findUnique({ where: { orgId }, select: { settings: true } }))?.settings as StoredCapacitySettings | undefined) ??
  null;
