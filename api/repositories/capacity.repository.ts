import type { Db } from '../../prisma/client';
import type { SchedulingRule as SchedulingRuleRow } from '../../prisma/generated/client';
import { DEFAULT_REGULAR_HOURS } from '../../lib/domain';
import {
  AdpConfigSchema,
  AppointmentScheduleConfigSchema,
  AvailabilityConfigSchema,
  CrmCapacitySettingsSchema,
  EmergencyConfigSchema,
  SchedulingFeatureFlagsSchema,
} from '../../activities/crm/capacity/capacity-settings';
import type { OrgCapacityView } from '../../activities/crm/capacity/capacity-check';
import type { SchedulingRule } from '../../activities/crm/capacity/scheduling-rules';
import type { StoredCapacitySettings } from '../../events/projections/capacity-settings/capacity-settings.repository';

function toRule(row: SchedulingRuleRow): SchedulingRule {
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

export function createCapacityRepository(db: Db) {
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
      const [org, stored, rules] = await Promise.all([
        db.organization.findUnique({ where: { id: orgId }, select: { timezone: true, crmName: true, availabilityConfig: true } }),
        db.organizationCapacitySettings.findUnique({ where: { orgId } }),
        listRules(orgId),
      ]);
      if (!org) return null;
      const s = (stored?.settings ?? {}) as StoredCapacitySettings;
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
        rules,
      };
    },
  };
}

export type CapacityRepository = ReturnType<typeof createCapacityRepository>;
