import type { Db, Tx } from '../../../prisma/client';
import type { SchedulingRule as SchedulingRuleRow } from '../../../prisma/generated/client';
import type { SchedulingRule, SchedulingRuleFields } from '../../../domain/capacity/scheduling-rules';
import type { DocumentStore } from '../projection';

export interface SchedulingRuleDoc {
  id: string;
  orgId: string;
  rule: SchedulingRuleFields;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
}

export const schedulingRulesStore: DocumentStore<SchedulingRuleDoc> = {
  async load(tx: Tx, id: string) {
    const row = await tx.schedulingRule.findUnique({ where: { id } });
    if (!row) return null;
    const rule: SchedulingRuleFields = {
      name: row.name,
      ...(row.description === null ? {} : { description: row.description }),
      conditions: row.conditions as SchedulingRuleFields['conditions'],
      activation_period: row.activationPeriod as SchedulingRuleFields['activation_period'],
      threshold: row.threshold,
      status: row.status,
      ...(row.dayStart === null ? {} : { day_start: row.dayStart }),
      ...(row.dayEnd === null ? {} : { day_end: row.dayEnd }),
    };
    return { id, orgId: row.orgId, rule, createdAt: row.createdAt, updatedAt: row.updatedAt, deletedAt: row.deletedAt };
  },
  async save(tx: Tx, id: string, doc: SchedulingRuleDoc) {
    const { rule } = doc;
    const fields = {
      orgId: doc.orgId,
      name: rule.name,
      description: rule.description ?? null,
      conditions: rule.conditions as object[],
      activationPeriod: rule.activation_period as object,
      threshold: rule.threshold,
      status: rule.status,
      dayStart: rule.day_start ?? null,
      dayEnd: rule.day_end ?? null,
      createdAt: doc.createdAt,
      updatedAt: doc.updatedAt,
      deletedAt: doc.deletedAt,
    };
    await tx.schedulingRule.upsert({ where: { id }, create: { id, ...fields }, update: fields });
  },
  async reset(tx: Tx) {
    await tx.schedulingRule.deleteMany();
  },
};

export type RuleFields = Pick<
  SchedulingRuleRow,
  'id' | 'name' | 'description' | 'conditions' | 'activationPeriod' | 'threshold' | 'status' | 'dayStart' | 'dayEnd'
>;

export function toRule(row: RuleFields): SchedulingRule {
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

/** The scheduling rules read model's queries. */
export function createSchedulingRuleRepository(db: Db) {
  return {
    /** The org's live rules, oldest first. */
    listRules: async (orgId: string): Promise<SchedulingRule[]> =>
      (await db.schedulingRule.findMany({ where: { orgId, deletedAt: null }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] })).map(toRule),
    /** The live rule with this id and the org it belongs to; null when unknown or deleted. */
    async findRule(ruleId: string): Promise<{ orgId: string; rule: SchedulingRule } | null> {
      const row = await db.schedulingRule.findUnique({ where: { id: ruleId } });
      return row && !row.deletedAt ? { orgId: row.orgId, rule: toRule(row) } : null;
    },
  };
}
