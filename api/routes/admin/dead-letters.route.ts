import { notFound } from '../../http/errors';
import { commandOrigin } from '../../http/publish-command';
import { defineRoute } from '../../http/route';
import {
  DeadLetterDetailSchema,
  DeadLetterDiscardRequestSchema,
  DeadLetterDiscardResponseSchema,
  DeadLetterListQuerySchema,
  DeadLetterListResponseSchema,
  DeadLetterParamsSchema,
  DeadLetterRetryResponseSchema,
} from '../../../domain/contracts/dead-letters.contract';

export const listDeadLettersRoute = defineRoute({
  method: 'get',
  path: '/admin/dead-letters',
  summary: 'Events a projection could not apply (operators)',
  tag: 'Admin',
  access: { kind: 'operator' },
  request: { query: DeadLetterListQuerySchema },
  response: { schema: DeadLetterListResponseSchema, description: 'Dead letters, latest failure first, and how many are open' },
  errors: [401],
  async handler({ query, deps }) {
    const { deadLetters, open } = await deps.deadLetters.list(query.status, query.limit);
    return { dead_letters: deadLetters, open };
  },
});

export const getDeadLetterRoute = defineRoute({
  method: 'get',
  path: '/admin/dead-letters/:projection/:eventId',
  summary: 'One dead letter with its original event (operators)',
  tag: 'Admin',
  access: { kind: 'operator' },
  request: { params: DeadLetterParamsSchema },
  response: { schema: DeadLetterDetailSchema, description: 'The dead letter' },
  errors: [401, 404],
  async handler({ params, deps }) {
    const found = await deps.deadLetters.get(params);
    if (!found) throw notFound(`No dead letter for event ${params.eventId} in projection ${params.projection}`);
    return found;
  },
});

export const retryDeadLetterRoute = defineRoute({
  method: 'post',
  path: '/admin/dead-letters/:projection/:eventId/retry',
  summary: 'Re-delivers a dead letter to its projection, after a fix (operators)',
  tag: 'Admin',
  access: { kind: 'operator' },
  request: { params: DeadLetterParamsSchema },
  response: { schema: DeadLetterRetryResponseSchema, description: 'What the projection did; `failed` leaves it open' },
  errors: [401, 404],
  async handler({ params, deps, req, user }) {
    return deps.deadLetters.retry(params, commandOrigin({ req, user }, 'admin-token'));
  },
});

export const discardDeadLetterRoute = defineRoute({
  method: 'post',
  path: '/admin/dead-letters/:projection/:eventId/discard',
  summary: 'Discards a dead letter with a reason (operators)',
  tag: 'Admin',
  access: { kind: 'operator' },
  request: { params: DeadLetterParamsSchema, body: DeadLetterDiscardRequestSchema },
  response: { schema: DeadLetterDiscardResponseSchema, description: 'Discarded' },
  errors: [401, 404],
  async handler({ params, body, deps, req, user }) {
    await deps.deadLetters.discard(params, body.reason, commandOrigin({ req, user }, 'admin-token'));
    return { status: 'discarded' as const };
  },
});
