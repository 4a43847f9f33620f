import { defineRoute } from '../../http/route';
import { CHAT_EXPIRED_ERROR, chatRefusal } from './chat-refusal';
import { ChatScheduleRequestSchema, ChatScheduleResponseSchema } from './chat.schema';

export const chatScheduleRoute = defineRoute({
  method: 'post',
  path: '/chat/schedule',
  summary:
    "Website widget, step 2 (spec 001 §2.6): open appointment windows from startsOnOrAfter (until endTime), for the job type, business unit and priority if given, from the org's capacity engine and in the org's timezone. Stage SCHEDULE_LOOKUP",
  tag: 'Chat widget',
  access: { kind: 'public' },
  request: { body: ChatScheduleRequestSchema },
  response: {
    schema: ChatScheduleResponseSchema,
    description:
      'Up to 30 open windows, earliest first: start and end in the org-local time (no offset), the same instants in UTC, the timezone, and the business unit and job type they were found for',
  },
  errors: [404, 503, CHAT_EXPIRED_ERROR],
  async handler({ body, deps }) {
    const data = await deps.widgetChats.gateway
      .schedule(body.chatId, {
        orgId: body.orgId,
        startsOnOrAfter: body.startsOnOrAfter,
        endTime: body.endTime ?? null,
        jobTypeId: body.jobTypeId ?? null,
        businessUnitId: body.businessUnitId ?? null,
        priority: body.priority ?? null,
        chatDetails: body.chatDetails ?? null,
      })
      .catch(chatRefusal);
    return { data };
  },
});
