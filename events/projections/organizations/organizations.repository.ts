import { queryRows, type Db, type Tx } from '../../../prisma/client';
import { Prisma, type Organization } from '../../../prisma/generated/client';
import type { CustomInstructions } from '../../../domain/organization/org-profile.schema';
import type { DocumentStore } from '../projection';

export interface OrganizationDoc {
  id: string;
  name: string;
  slug: string;
  timezone: string;
  crmName: string;
  isActive: boolean;
  onboardingStatus: 'TESTING' | 'LIVE';
  enterpriseId: string | null;
  officeEmail: string;
  adminEmails: string[];
  tradesOffered: string[];
  availabilityConfig: { regularHours: object; emergencyHours: object; holidays: string[] };
  notificationSettings: unknown[];
  oncallSchedule: Record<string, unknown[]>;
  ccEmails: string[];
  ccPhoneNumbers: string[];
  spamNumbers: Array<{ phoneNumber: string; dateAdded: string }>;
  zipcodes: string[];
  serviceAreaActive: boolean;
  featureFlags: Record<string, unknown>;
  companyProfileId: string | null;
  /** custom_instructions as last saved (001 §2.14); null until the first save. */
  customInstructions: CustomInstructions | null;
  /** 000 §3 avg_job_revenue; null until an operator sets it. */
  avgJobRevenue: number | null;
  /** 000 §3 billing customer id (stripe_billing_id); null until an operator sets it. */
  stripeBillingId: string | null;
  streamVersion: number;
  createdAt: Date;
  updatedAt: Date;
}

export const organizationsStore: DocumentStore<OrganizationDoc> = {
  async load(tx: Tx, id: string) {
    const row = await tx.organization.findUnique({ where: { id } });
    if (!row) return null;
    return {
      id: row.id,
      name: row.name,
      slug: row.slug,
      timezone: row.timezone,
      crmName: row.crmName,
      isActive: row.isActive,
      onboardingStatus: row.onboardingStatus as OrganizationDoc['onboardingStatus'],
      enterpriseId: row.enterpriseId,
      officeEmail: row.officeEmail,
      adminEmails: row.adminEmails,
      tradesOffered: row.tradesOffered,
      availabilityConfig: row.availabilityConfig as OrganizationDoc['availabilityConfig'],
      notificationSettings: (row.notificationSettings as unknown[] | null) ?? [],
      oncallSchedule: (row.oncallSchedule as Record<string, unknown[]> | null) ?? {},
      ccEmails: row.ccEmails,
      ccPhoneNumbers: row.ccPhoneNumbers,
      spamNumbers: (row.spamNumbers as OrganizationDoc['spamNumbers'] | null) ?? [],
      zipcodes: row.zipcodes,
      serviceAreaActive: row.serviceAreaActive,
      featureFlags: (row.featureFlags as Record<string, unknown> | null) ?? {},
      companyProfileId: row.companyProfileId,
      customInstructions: (row.customInstructions as CustomInstructions | null) ?? null,
      avgJobRevenue: row.avgJobRevenue,
      stripeBillingId: row.stripeBillingId,
      streamVersion: row.streamVersion,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    };
  },
  async save(tx: Tx, id: string, doc: OrganizationDoc) {
    const { id: _id, notificationSettings, oncallSchedule, spamNumbers, featureFlags, customInstructions, ...rest } = doc;
    const fields = {
      ...rest,
      notificationSettings: notificationSettings as object[],
      oncallSchedule: oncallSchedule as object,
      spamNumbers: spamNumbers as object[],
      featureFlags: featureFlags as object,
      customInstructions: customInstructions === null ? Prisma.DbNull : (customInstructions as object),
    };
    await tx.organization.upsert({ where: { id }, create: { id, ...fields }, update: fields });
  },
  async reset(tx: Tx) {
    await tx.organization.deleteMany();
  },
};

export type OrganizationRow = Organization;

/** The organizations read model's queries: the API, the worker and the activities read organizations here only. */
export function createOrganizationRepository(db: Db) {
  return {
    findById: (id: string) => db.organization.findUnique({ where: { id } }),
    /** The organization's CRM name alone: the Calls page asks it on every page. */
    findCrmName: (id: string) => findOrganizationCrmName(db, id),
    /** The organization's time zone alone: the lists read a date as a day in it. */
    findTimezone: (id: string) => findOrganizationTimezone(db, id),
    /** Whether the organization is known: every voice webhook asks it. */
    exists: (id: string) => organizationExists(db, id),
    findBySlug: (slug: string) => db.organization.findUnique({ where: { slug } }),
    listAll: () =>
      db.organization.findMany({ orderBy: { name: 'asc' }, select: { id: true, name: true, slug: true, onboardingStatus: true, enterpriseId: true } }),
    listByIds: (ids: string[]) =>
      db.organization.findMany({
        where: { id: { in: ids } },
        orderBy: { name: 'asc' },
        select: { id: true, name: true, slug: true, onboardingStatus: true, enterpriseId: true },
      }),
    /** An enterprise's organizations (001 §2.19), by name. */
    listByEnterprise: (enterpriseId: string) =>
      db.organization.findMany({
        where: { enterpriseId },
        orderBy: { name: 'asc' },
        select: { id: true, name: true, slug: true, onboardingStatus: true, enterpriseId: true },
      }),
    /** How many organizations each enterprise has. */
    countByEnterprise: async (): Promise<Map<string, number>> => {
      const groups = await db.organization.groupBy({ by: ['enterpriseId'], _count: { _all: true }, where: { enterpriseId: { not: null } } });
      return new Map(groups.map((g) => [g.enterpriseId!, g._count._all]));
    },
    /** 000 §7 GET /avg-job-revenue: every organization's average job revenue, by name. */
    listAverageJobRevenues: () => db.organization.findMany({ orderBy: { name: 'asc' }, select: { id: true, name: true, avgJobRevenue: true, timezone: true } }),
    /** 000 §7 GET /billing: every organization's billing customer id, by name. */
    listBillingIds: () => db.organization.findMany({ orderBy: { name: 'asc' }, select: { id: true, name: true, stripeBillingId: true } }),
    /** 000 §7 GET /office-email: every organization's office e-mail, by name. */
    listOfficeEmails: () => db.organization.findMany({ orderBy: { name: 'asc' }, select: { id: true, name: true, officeEmail: true } }),
    /** What the call analytics read of an organization: its time zone (day boundaries) and average job revenue. */
    findAnalyticsFields: (id: string) => db.organization.findUnique({ where: { id }, select: { id: true, timezone: true, avgJobRevenue: true } }),
    async ping(): Promise<void> {
      await db.$queryRaw`SELECT 1`;
    },
  };
}

export type OrganizationRepository = ReturnType<typeof createOrganizationRepository>;

/** What the capacity view reads of an organization. */
export const findOrganizationCapacityFields = (db: Db, id: string) =>
  db.organization.findUnique({ where: { id }, select: { id: true, timezone: true, crmName: true, availabilityConfig: true } });

/** Every organization's id and name, by name. */
export const listOrganizationNames = (db: Db) => db.organization.findMany({ orderBy: { name: 'asc' }, select: { id: true, name: true } });

export const findOrganization = (db: Db, id: string) => db.organization.findUnique({ where: { id } });

export const findOrganizationIdBySlug = async (db: Db, slug: string): Promise<string | null> =>
  (await db.organization.findUnique({ where: { slug }, select: { id: true } }))?.id ?? null;

/** Whether the organization is known, straight from the pool (one indexed lookup, none of Prisma's per-query work). */
export const organizationExists = async (db: Db, id: string): Promise<boolean> =>
  (await queryRows<{ one: number }>(db, Prisma.sql`SELECT 1 AS one FROM organizations WHERE id = ${id}::uuid`)).length > 0;

/** The organization's CRM name alone, straight from the pool (one indexed lookup, none of Prisma's per-query work). */
export const findOrganizationCrmName = async (db: Db, id: string): Promise<string | null> =>
  (await queryRows<{ crmName: string }>(db, Prisma.sql`SELECT crm_name AS "crmName" FROM organizations WHERE id = ${id}::uuid`))[0]?.crmName ?? null;

/** The organization's time zone alone, straight from the pool (one indexed lookup). */
export const findOrganizationTimezone = async (db: Db, id: string): Promise<string | null> =>
  (await queryRows<{ timezone: string }>(db, Prisma.sql`SELECT timezone FROM organizations WHERE id = ${id}::uuid`))[0]?.timezone ?? null;

/** What the post-call pipeline reads of an organization: its prompt fields and its recorded agents' types. */
export interface OrganizationCallContextRow {
  id: string;
  name: string;
  timezone: string;
  tradesOffered: string[];
  customInstructions: unknown;
  availabilityConfig: unknown;
  agents: { id: string; agentType: string; providerAgentId: string | null }[];
}

/**
 * The prompt fields and the agents (the agents read model's rows) of an organization in one statement straight from
 * the pool: a call's activities read it on every call, so it costs one round trip and none of Prisma's per-query work
 * instead of two queries through it.
 */
export const findOrganizationCallContext = async (db: Db, id: string): Promise<OrganizationCallContextRow | null> =>
  (
    await queryRows<OrganizationCallContextRow>(
      db,
      Prisma.sql`
        SELECT o.id::text, o.name, o.timezone, o.trades_offered AS "tradesOffered",
          o.custom_instructions AS "customInstructions", o.availability_config AS "availabilityConfig",
          COALESCE(
            (SELECT json_agg(json_build_object('id', a.id, 'agentType', a.agent_type, 'providerAgentId', a.provider_agent_id))
             FROM agents a WHERE a.org_id = o.id),
            '[]'::json
          ) AS agents
        FROM organizations o
        WHERE o.id = ${id}::uuid`,
    )
  )[0] ?? null;

/** What the notification engine reads of an organization: its contacts, its rules and its hours. */
export const findOrganizationNotificationFields = (db: Db, id: string) =>
  db.organization.findUnique({
    where: { id },
    select: {
      id: true,
      name: true,
      timezone: true,
      officeEmail: true,
      ccEmails: true,
      ccPhoneNumbers: true,
      notificationSettings: true,
      oncallSchedule: true,
      availabilityConfig: true,
    },
  });

/** What a notification names of its organization. */
export const findOrganizationSummary = (db: Db, id: string) =>
  db.organization.findUnique({ where: { id }, select: { id: true, name: true, timezone: true, crmName: true } });

export const findOrganizationFeatureFlags = async (db: Db, id: string) =>
  (await db.organization.findUnique({ where: { id }, select: { featureFlags: true } }))?.featureFlags ?? null;

/** The org's on-call schedule; null for an unknown org. */
export const findOncallSchedule = async (db: Db, id: string): Promise<Record<string, unknown[]> | null> => {
  const row = await db.organization.findUnique({ where: { id }, select: { oncallSchedule: true } });
  if (!row) return null;
  return (row.oncallSchedule as Record<string, unknown[]> | null) ?? {};
};

/** The custom instructions as stored; undefined for an unknown org. */
export const findStoredCustomInstructions = async (db: Db, id: string) =>
  (await db.organization.findUnique({ where: { id }, select: { customInstructions: true } })) ?? undefined;

export const findOrganizationEnterpriseId = async (db: Db, id: string): Promise<string | null> =>
  (await db.organization.findUnique({ where: { id }, select: { enterpriseId: true } }))?.enterpriseId ?? null;

export const listOrganizationIdsOfEnterprises = async (db: Db, enterpriseIds: string[]): Promise<string[]> =>
  enterpriseIds.length ? (await db.organization.findMany({ where: { enterpriseId: { in: enterpriseIds } }, select: { id: true } })).map((o) => o.id) : [];
