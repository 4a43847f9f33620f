import { z } from 'zod';
import { TimezoneSchema } from '../organization/organization-settings.schema';
import { AvgJobRevenueSchema } from '../validation/messages';

const MAX_RANGE_DAYS = 400;
const dateOrDateTime = z.union([z.iso.datetime({ offset: true }), z.iso.date()], 'from and to must be ISO dates');

/**
 * 001 §7 POST /call/analytics and POST /chat/daily-counts: from, to, orgId. A date (YYYY-MM-DD) is a whole day in
 * the organization's time zone, `to` included; a date-time is that instant.
 */
export const AnalyticsRangeRequestSchema = z
  .object({ orgId: z.uuid('orgId must be a UUID'), from: dateOrDateTime, to: dateOrDateTime })
  .refine((r) => r.from.slice(0, 10) <= r.to.slice(0, 10), { message: 'from must not be after to', path: ['from'] })
  .refine((r) => Date.parse(r.to.slice(0, 10)) - Date.parse(r.from.slice(0, 10)) <= MAX_RANGE_DAYS * 86_400_000, {
    message: `The date range must be at most ${MAX_RANGE_DAYS} days`,
    path: ['to'],
  });
export type AnalyticsRangeRequest = z.infer<typeof AnalyticsRangeRequestSchema>;

export const DailyCountSchema = z.object({ date: z.iso.date(), count: z.number().int() });
export type DailyCount = z.infer<typeof DailyCountSchema>;
export const TagCountSchema = z.object({ tag: z.string(), count: z.number().int() });
export type TagCount = z.infer<typeof TagCountSchema>;

const AnswerMeta = {
  from: z.string(),
  to: z.string(),
  timezone: TimezoneSchema,
  /** Seconds the answer may be cached (001 §2.8: carried, not shown). */
  ttl: z.number().int().positive(),
};

/** 001 §3 "Call analytics" agentStats.RECEPTIONIST. */
export const ReceptionistStatsSchema = z.object({
  calls: z.number().int(),
  spam: z.number().int(),
  excused: z.number().int(),
  /** Calls a staff member has reviewed. */
  review: z.number().int(),
  transferred: z.number().int(),
  minutes: z.number(),
  dailyExcusedCounts: z.array(DailyCountSchema),
  dailyTransferredCounts: z.array(DailyCountSchema),
});

/** 001 §3 "Call analytics" agentStats.AI_CSR: the office-hours and after-hours CSRs together. */
export const AiCsrStatsSchema = z.object({
  calls: z.number().int(),
  leads: z.number().int(),
  booked: z.number().int(),
  unbooked: z.number().int(),
  excused: z.number().int(),
  transferred: z.number().int(),
  /** Booked ÷ (booked + unbooked), in percent: excused calls could not have been booked. Null with neither. */
  bookingRate: z.number().nullable(),
  review: z.number().int(),
  minutes: z.number(),
  dailyBookedCounts: z.array(DailyCountSchema),
  dailyUnbookedCounts: z.array(DailyCountSchema),
  dailyExcusedCounts: z.array(DailyCountSchema),
  dailyTransferredCounts: z.array(DailyCountSchema),
});

/** One local day of every call, by outcome (the Dashboard's calls-per-day chart). */
export const DailyCallCountsSchema = z.object({
  date: z.iso.date(),
  calls: z.number().int(),
  booked: z.number().int(),
  unbooked: z.number().int(),
  excused: z.number().int(),
  afterHours: z.number().int(),
  minutes: z.number(),
});
export type DailyCallCounts = z.infer<typeof DailyCallCountsSchema>;

/** 001 §3 "Call analytics", plus what the charts need besides (after-hours calls, every call per day, the revenue basis). */
export const CallAnalyticsSchema = z.object({
  orgId: z.uuid(),
  ...AnswerMeta,
  totalMinutes: z.number(),
  /** Booked calls × the organization's average job revenue (000 §3): no CRM here reports a booked job's amount. */
  totalRevenue: z.number(),
  totalCount: z.number().int(),
  totalBooked: z.number().int(),
  totalUnbooked: z.number().int(),
  agentStats: z.object({ RECEPTIONIST: ReceptionistStatsSchema, AI_CSR: AiCsrStatsSchema }),
  insights: z.array(z.string()),
  unbookedTagCounts: z.array(TagCountSchema),
  excusedTagCounts: z.array(TagCountSchema),
  /** Calls the after-hours CSR answered, and how many of them it booked. */
  afterHours: z.object({ calls: z.number().int(), booked: z.number().int() }),
  /** The average job revenue the revenue is counted at; null until an admin sets it. */
  avgJobRevenue: z.number().nullable(),
  dailyCallCounts: z.array(DailyCallCountsSchema),
});
export type CallAnalytics = z.infer<typeof CallAnalyticsSchema>;

/** 001 §3 "Daily counts". */
export const DailyCountsSchema = z.object({
  dailyLeadCounts: z.array(DailyCountSchema),
  dailyBookedCounts: z.array(DailyCountSchema),
  dailyUnbookedCounts: z.array(DailyCountSchema),
  ...AnswerMeta,
});
export type DailyCounts = z.infer<typeof DailyCountsSchema>;

/** 000 §7 GET /avg-job-revenue. */
export const AvgJobRevenueListSchema = z.object({
  organizations: z.array(z.object({ id: z.uuid(), name: z.string(), avg_job_revenue: z.number().nullable() })),
});

/** 000 §7 PUT /avg-job-revenue. */
export const SetAvgJobRevenueBodySchema = z.object({ orgId: z.uuid('orgId must be a UUID'), avgJobRevenue: AvgJobRevenueSchema });
export const SetAvgJobRevenueResponseSchema = z.object({ success: z.literal(true), message: z.string(), avg_job_revenue: z.number() });

/** One service's chats and bookings (001 §3 "Chat widget stats" topCampaigns: a widget's campaigns are its services). */
export const ChatCampaignStatsSchema = z.object({
  serviceName: z.string(),
  /** Chats of this service that booked. */
  count: z.number().int(),
  totalChats: z.number().int(),
  /** count ÷ totalChats, in percent. */
  conversionRate: z.number(),
});
const ShareSchema = { count: z.number().int(), percentage: z.number() };

/** 001 §3 "Chat widget stats", plus the chats and bookings per local day for the trend chart. */
export const ChatWidgetStatsSchema = z.object({
  ...AnswerMeta,
  /** Chats whose visitor gave a phone number: every registered chat. */
  totalLeads: z.number().int(),
  totalApptBooked: z.number().int(),
  /** totalApptBooked ÷ totalLeads, in percent; 0 without leads. */
  bookingRate: z.number(),
  /** From the chat's start to its booking, averaged over booked chats ("3m 20s"; "0s" without any). */
  avgBookingTime: z.string(),
  /** Booked chats × the organization's average job revenue, as the call analytics counts it. */
  totalRevenue: z.number(),
  /** The average job revenue the revenue is counted at; null until an admin sets it. */
  avgJobRevenue: z.number().nullable(),
  topCampaigns: z.array(ChatCampaignStatsSchema),
  deviceDistribution: z.array(z.object({ device: z.string(), ...ShareSchema })),
  funnelStages: z.array(z.object({ id: z.string(), label: z.string(), ...ShareSchema })),
  serviceDistribution: z.array(z.object({ service: z.string(), ...ShareSchema })),
  /**
   * Against the previous period of equal length: percent change of leads, bookings, revenue and booking time,
   * percentage points of the booking rate; null where the previous period had none to compare with.
   */
  trends: z.object({
    totalLeadsChange: z.number().nullable(),
    totalApptBookedChange: z.number().nullable(),
    bookingRateChange: z.number().nullable(),
    totalRevenueChange: z.number().nullable(),
    avgBookingTimeChange: z.number().nullable(),
  }),
  dailyChatCounts: z.array(z.object({ date: z.iso.date(), leads: z.number().int(), booked: z.number().int() })),
});
export type ChatWidgetStats = z.infer<typeof ChatWidgetStatsSchema>;
