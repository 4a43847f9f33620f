import type { Db } from '../../prisma/client';
import type { Organization, SchedulingRule as SchedulingRuleRow } from '../../prisma/generated/client';
import { DEFAULT_REGULAR_HOURS } from '../../domain/organization/organization-settings.schema';
import {
  AdpConfigSchema,
  AppointmentScheduleConfigSchema,
  AvailabilityConfigSchema,
  CrmCapacitySettingsSchema,
  EmergencyConfigSchema,
  SchedulingFeatureFlagsSchema,
} from '../../domain/capacity/capacity-settings';
import type { OrgCapacityView } from '../../domain/capacity/capacity-check';
import type { SchedulingRule } from '../../domain/capacity/scheduling-rules';
import type { StoredCapacitySettings } from '../../events/projections/capacity-settings/capacity-settings.repository';

type RuleFields = Pick<SchedulingRuleRow, 'id' | 'name' | 'description' | 'conditions' | 'activationPeriod' | 'threshold' | 'status' | 'dayStart' | 'dayEnd'>;

function toRule(row: RuleFields): SchedulingRule {
  return {
    id: row.id,
    name: row.name,
    ...(row.description === null ? {} : { description: row.description }),
    conditions: row.conditions as SchedulingRule['conditions'],
    activation_period: row.activationPeriod as SchedulingRule['activation_period'],
    threshold: row.threshold,
    status: row.status,
    ...(row.dayStart === null ? {} : { day_start: row.dayStart }),
    ...(row.dayEnd === null ? {} : { day_end: row.dayEnd }),
  };
}

/** Parses a stored section, falling back to the defaults when it is missing or no longer valid. */
function section<T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } }, stored: unknown, fallback: unknown = {}): T {
  const parsed = schema.safeParse(stored ?? fallback);
  if (parsed.success) return parsed.data;
  return (schema.safeParse(fallback) as { success: true; data: T }).data;
}

type ViewOrg = Pick<Organization, 'id' | 'timezone' | 'crmName' | 'availabilityConfig'>;

function toView(org: ViewOrg, stored: { settings: unknown; rules: RuleFields[] }): OrgCapacityView {
  const s = (stored.settings ?? {}) as StoredCapacitySettings;
  const crm = section(CrmCapacitySettingsSchema, { autoAssignTech: s.autoAssignTech, assignDummyTech: s.assignDummyTech, defaultDummyTechs: s.defaultDummyTechs, skillBasedAvailability: s.skillBasedAvailability });
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

export function createCapacityRepository(db: Db) {
  /**
   * The org's stored settings and live rules (in listRules' order) in one statement: a live get_capacity
   * reads them on every call, and each Prisma query costs about a millisecond of CPU to plan.
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

  const listRules = async (orgId: string): Promise<SchedulingRule[]> =>
    (await db.schedulingRule.findMany({ where: { orgId, deletedAt: null }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] })).map(toRule);

  return {
    listRules,
    /** The live rule with this id and the org it belongs to; null when unknown or deleted. */
    async findRule(ruleId: string): Promise<{ orgId: string; rule: SchedulingRule } | null> {
      const row = await db.schedulingRule.findUnique({ where: { id: ruleId } });
      return row && !row.deletedAt ? { orgId: row.orgId, rule: toRule(row) } : null;
    },
    /** Every organization with its emergency config (admin GET /emergency-strategy). */
    async listEmergencyConfigs(): Promise<{ id: string; name: string; emergency_config: OrgCapacityView['emergency_config'] }[]> {
      const [orgs, settings] = await Promise.all([
        db.organization.findMany({ orderBy: { name: 'asc' }, select: { id: true, name: true } }),
        db.organizationCapacitySettings.findMany({ select: { orgId: true, settings: true } }),
      ]);
      const byOrg = new Map(settings.map((s) => [s.orgId, (s.settings as StoredCapacitySettings).emergency_config]));
      return orgs.map((o) => ({ id: o.id, name: o.name, emergency_config: section(EmergencyConfigSchema, byOrg.get(o.id)) }));
    },
    /** The organization availability view (spec 000 §3) with the org's rules; null for an unknown org. */
    async view(orgId: string): Promise<OrgCapacityView | null> {
      const [org, stored] = await Promise.all([
        db.organization.findUnique({ where: { id: orgId }, select: { id: true, timezone: true, crmName: true, availabilityConfig: true } }),
        settingsAndRules(orgId),
      ]);
      return org ? toView(org, stored) : null;
    },
    /** The same view for an organization row the caller has already read (a live tool call): one round trip. */
    async viewOf(org: ViewOrg): Promise<OrgCapacityView> {
      return toView(org, await settingsAndRules(org.id));
    },
  };
}

export type CapacityRepository = ReturnType<typeof createCapacityRepository>;
