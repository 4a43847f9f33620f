import type { Db } from '../../prisma/client';
import type { Prisma } from '../../prisma/generated/client';

export interface CallLogsFilter {
  orgId: string;
  /** Agent types to include; null for all. */
  agentTypes: string[] | null;
  agentId?: string;
  from?: Date;
  to?: Date;
  page: number;
  pageSize: number;
}

const LOG_COLUMNS = {
  id: true,
  callId: true,
  orgId: true,
  callStatus: true,
  agentType: true,
  recordingUrl: true,
  startedAt: true,
  endedAt: true,
  customerName: true,
  customerNumber: true,
  customerAddress: true,
  crmCustomerId: true,
  tags: true,
  reviewedAt: true,
  reviewNotes: true,
  createdAt: true,
} as const satisfies Prisma.InteractionSelect;

export type CallLogRow = Prisma.InteractionGetPayload<{ select: typeof LOG_COLUMNS }>;

export function createInteractionRepository(db: Db) {
  return {
    async listCallLogs(f: CallLogsFilter): Promise<{ rows: CallLogRow[]; totalCount: number; statusCounts: Record<string, number> }> {
      const where: Prisma.InteractionWhereInput = {
        orgId: f.orgId,
        ...(f.agentTypes ? { agentType: { in: f.agentTypes } } : {}),
        ...(f.agentId ? { voiceAgentId: f.agentId } : {}),
        ...(f.from || f.to ? { createdAt: { ...(f.from ? { gte: f.from } : {}), ...(f.to ? { lte: f.to } : {}) } } : {}),
      };
      const [rows, groups] = await Promise.all([
        db.interaction.findMany({
          where,
          select: LOG_COLUMNS,
          orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
          skip: (f.page - 1) * f.pageSize,
          take: f.pageSize,
        }),
        db.interaction.groupBy({ by: ['callStatus'], where, _count: { _all: true } }),
      ]);
      const statusCounts = Object.fromEntries(groups.map((g) => [g.callStatus, g._count._all]));
      const totalCount = groups.reduce((sum, g) => sum + g._count._all, 0);
      return { rows, totalCount, statusCounts };
    },
    findByCallId: (callId: string) => db.interaction.findUnique({ where: { callId } }),
    findById: (id: string) => db.interaction.findUnique({ where: { id } }),
    findByProviderCall: (orgId: string, provider: string, providerCallId: string) =>
      db.interaction.findFirst({ where: { orgId, provider, providerCallId } }),
    async orgIdOfCall(callId: string): Promise<string | null> {
      return (await db.interaction.findUnique({ where: { callId }, select: { orgId: true } }))?.orgId ?? null;
    },
    async orgIdOfInteraction(id: string): Promise<string | null> {
      return (await db.interaction.findUnique({ where: { id }, select: { orgId: true } }))?.orgId ?? null;
    },
  };
}

export type InteractionRepository = ReturnType<typeof createInteractionRepository>;
export type InteractionRow = NonNullable<Awaited<ReturnType<InteractionRepository['findByCallId']>>>;
