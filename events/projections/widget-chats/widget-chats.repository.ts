import { Prisma, type WidgetChat as WidgetChatRow } from '../../../prisma/generated/client';
import type { Db, Tx } from '../../../prisma/client';
import type { DocumentStore } from '../projection';
import { appliedEventIds } from '../../processed-events.repository';
import { SERVICE_STEP, type ChatStatsGroup } from '../../../domain/analytics/chat-widget-stats';

export interface WidgetChatAddress {
  street: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  unit?: string | null;
}

export interface WidgetChatEventRecord {
  id: string;
  created_at: string;
  name: string;
  metadata: Record<string, unknown>;
}

/** One widget chat as the read model keeps it (001 §3 "Chat log entry and chat data", "Widget details"). */
export interface WidgetChatDoc {
  interactionId: string;
  chatId: string;
  orgId: string;
  widgetId: string;
  deviceType: 'DESKTOP' | 'MOBILE';
  stage: string;
  chatDetails: unknown[];
  customerNumber: string | null;
  customerName: string | null;
  customerAddress: WidgetChatAddress | null;
  crmCustomerId: string | null;
  matchedCustomerIds: string[];
  referer: string | null;
  appointmentTime: string | null;
  bookingPayload: Record<string, unknown> | null;
  actionId: string | null;
  actionStatus: string | null;
  crmBookingId: string | null;
  endReason: string | null;
  endedAt: Date | null;
  callStatus: string;
  callType: string | null;
  callTypeReason: string | null;
  summary: { title: string; content: string[] }[];
  tags: string[];
  tagReasons: Record<string, string>;
  transcriptLines: unknown[];
  events: WidgetChatEventRecord[];
  reviewedAt: Date | null;
  reviewNotes: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The projection's name, as processed_events records it (events/projections/widget-chats). */
export const WIDGET_CHATS_PROJECTION = 'widget-chats';

const json = (value: unknown) => (value === null ? Prisma.JsonNull : (value as Prisma.InputJsonValue));

const toDoc = (row: WidgetChatRow): WidgetChatDoc => ({
  ...row,
  deviceType: row.deviceType as WidgetChatDoc['deviceType'],
  chatDetails: row.chatDetails as unknown[],
  customerAddress: row.customerAddress as WidgetChatAddress | null,
  bookingPayload: row.bookingPayload as Record<string, unknown> | null,
  summary: row.summary as WidgetChatDoc['summary'],
  tagReasons: row.tagReasons as Record<string, string>,
  transcriptLines: row.transcriptLines as unknown[],
  events: row.events as unknown as WidgetChatEventRecord[],
});

const toRow = (doc: WidgetChatDoc) => ({
  ...doc,
  chatDetails: json(doc.chatDetails),
  customerAddress: json(doc.customerAddress),
  bookingPayload: json(doc.bookingPayload),
  summary: json(doc.summary),
  tagReasons: json(doc.tagReasons),
  transcriptLines: json(doc.transcriptLines),
  events: json(doc.events),
});

export const widgetChatsStore: DocumentStore<WidgetChatDoc> = {
  async load(tx: Tx, id: string) {
    const row = await tx.widgetChat.findUnique({ where: { interactionId: id } });
    return row ? toDoc(row) : null;
  },
  async save(tx: Tx, id: string, doc: WidgetChatDoc) {
    const { interactionId: _id, ...fields } = toRow(doc);
    await tx.widgetChat.upsert({ where: { interactionId: id }, create: { interactionId: id, ...fields }, update: fields });
  },
  async loadMany(tx: Tx, ids: string[]) {
    const rows = await tx.widgetChat.findMany({ where: { interactionId: { in: ids } } });
    return new Map(rows.map((row) => [row.interactionId, toDoc(row)]));
  },
  async reset(tx: Tx) {
    await tx.widgetChat.deleteMany();
  },
};

export interface ChatLogsFilter {
  orgId: string;
  from?: Date;
  to?: Date;
  page: number;
  pageSize: number;
}

/** The widget chats read model's queries. */
export function createWidgetChatRepository(db: Db) {
  return {
    /** One page of an organization's chats in a date range, newest first. */
    async listChatLogs(filter: ChatLogsFilter): Promise<WidgetChatDoc[]> {
      const rows = await db.widgetChat.findMany({
        where: {
          orgId: filter.orgId,
          createdAt: { ...(filter.from ? { gte: filter.from } : {}), ...(filter.to ? { lte: filter.to } : {}) },
        },
        orderBy: [{ createdAt: 'desc' }, { interactionId: 'asc' }],
        skip: (filter.page - 1) * filter.pageSize,
        take: filter.pageSize,
      });
      return rows.map(toDoc);
    },
    /** A chat by its interaction id: review and reclassification name the interaction, call or chat (001 §4). */
    async findByInteractionId(interactionId: string): Promise<WidgetChatDoc | null> {
      const row = await db.widgetChat.findUnique({ where: { interactionId } });
      return row ? toDoc(row) : null;
    },
    async orgIdOfInteraction(interactionId: string): Promise<string | null> {
      return (await db.widgetChat.findUnique({ where: { interactionId }, select: { orgId: true } }))?.orgId ?? null;
    },
    /**
     * Chat-widget analytics' counts of the chats started in [start, end), grouped in the database by local day,
     * device, stage, booking and service: the answer stays small however many chats the range holds.
     */
    async statsGroups(orgId: string, start: Date, end: Date, timeZone: string): Promise<ChatStatsGroup[]> {
      const rows = await db.$queryRaw<(Omit<ChatStatsGroup, 'bookingSeconds'> & { bookingSeconds: number | string })[]>`
        WITH chats AS (
          SELECT to_char(created_at AT TIME ZONE ${timeZone}, 'YYYY-MM-DD') AS date, device_type, stage,
                 action_status IS NOT DISTINCT FROM 'COMPLETED' AS booked,
                 NULLIF(btrim((SELECT d->>'result' FROM jsonb_array_elements(chat_details) d WHERE d->>'step' = ${SERVICE_STEP} LIMIT 1)), '') AS service,
                 -- The chat ends when the CRM has taken the booking: its length is the time to book.
                 CASE WHEN action_status = 'COMPLETED' AND end_reason = 'booked' AND ended_at IS NOT NULL
                      THEN GREATEST(0, EXTRACT(EPOCH FROM ended_at - created_at)) END AS booking_seconds
          FROM widget_chats
          WHERE org_id = ${orgId}::uuid AND created_at >= ${start} AND created_at < ${end}
        )
        SELECT date, device_type AS "deviceType", stage, booked, service, COUNT(*)::int AS chats,
               COUNT(booking_seconds)::int AS "timedBookings", COALESCE(SUM(booking_seconds), 0)::float8 AS "bookingSeconds"
        FROM chats
        GROUP BY 1, 2, 3, 4, 5`;
      return rows.map((r) => ({ ...r, bookingSeconds: Number(r.bookingSeconds) }));
    },
    async findByChatId(chatId: string): Promise<WidgetChatDoc | null> {
      const row = await db.widgetChat.findUnique({ where: { chatId } });
      return row ? toDoc(row) : null;
    },
    /**
     * The chat once the read model holds one event id of each group (the pipeline's last step), or null
     * while it does not yet.
     */
    async findCaughtUp(interactionId: string, awaitEventIds: string[][]): Promise<WidgetChatDoc | null> {
      const ids = awaitEventIds.flat();
      if (ids.length > 0) {
        const applied = await appliedEventIds(db, WIDGET_CHATS_PROJECTION, ids);
        if (!awaitEventIds.every((group) => group.some((id) => applied.has(id)))) return null;
      }
      const row = await db.widgetChat.findUnique({ where: { interactionId } });
      return row ? toDoc(row) : null;
    },
  };
}

export type WidgetChatRepository = ReturnType<typeof createWidgetChatRepository>;
