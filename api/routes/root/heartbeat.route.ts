import { z } from 'zod';
import { defineRoute } from '../../http/route';
import { MessageResponseSchema, SuccessResponseSchema } from './heartbeat.schema';

export const getHeartbeatRoute = defineRoute({
  method: 'get',
  path: '/heartbeat',
  summary: 'Liveness and database reachability',
  tag: 'Root',
  access: { kind: 'public' },
  response: { schema: MessageResponseSchema, description: 'The API and its database answer' },
  // The common body also has an error string, so it fits this too.
  errors: [{ status: 500, schema: z.object({ error: z.string() }), description: 'The database does not answer: {error} alone (spec 000 §7 Root)' }],
  async handler({ deps, res }) {
    try {
      await deps.organizations.ping();
    } catch (err) {
      // Spec 000 §7 Root: a failing heartbeat answers 500 {error}, not the common body.
      deps.logger.error({ err }, 'heartbeat failed');
      res.status(500).json({ error: 'Database unavailable' });
      return { message: 'unreachable' };
    }
    return { message: 'OK' };
  },
});

export const postHeartbeatRoute = defineRoute({
  method: 'post',
  path: '/heartbeat',
  summary: 'Heartbeat for pingers that POST',
  tag: 'Root',
  access: { kind: 'public' },
  response: { schema: SuccessResponseSchema, description: 'Always succeeds while the process runs' },
  handler: async () => ({ success: true }),
});

export const getRootRoute = defineRoute({
  method: 'get',
  path: '/',
  summary: 'API banner',
  tag: 'Root',
  access: { kind: 'public' },
  response: { schema: MessageResponseSchema, description: 'Banner' },
  handler: async () => ({ message: 'HomeAgent API. Documentation: /docs' }),
});

export const postRootRoute = defineRoute({ ...getRootRoute, method: 'post' });
