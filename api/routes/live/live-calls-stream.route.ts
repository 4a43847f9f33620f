import { z } from 'zod';
import { tooManyRequests } from '../../http/errors';
import { defineRoute } from '../../http/route';
import type { LiveCallsMessage } from '../../use-cases/live-calls';

const ParamsSchema = z.object({ orgId: z.uuid('orgId must be a UUID') });

/** Comments keep proxies and the browser from dropping an idle stream. */
const HEARTBEAT_MS = 20_000;

const frame = (m: LiveCallsMessage) => (m.type === 'interaction' ? `event: interaction\ndata: ${JSON.stringify(m.change)}\n\n` : `event: resync\ndata: {}\n\n`);

/**
 * Live calls (issue 13): server-sent events of the organization's calls as the interactions read model changes
 * (`interaction` with InteractionChangedSchema's data; `resync` when changes may have been missed). The dashboard
 * reads it with EventSource and refreshes what it shows.
 */
export const liveCallsStreamRoute = defineRoute({
  method: 'get',
  path: '/org/:orgId/events/stream',
  summary: "Server-sent events of the organization's calls as they change (event `interaction`, `resync`); 429 when the server holds its maximum of streams",
  tag: 'Calls',
  access: { kind: 'org', orgIdOf: ({ params }) => params.orgId },
  request: { params: ParamsSchema },
  response: { schema: z.any(), description: 'text/event-stream: `ready`, then `interaction` and `resync` events', contentType: 'text/event-stream' },
  errors: [307, 401, 429],
  async handler({ orgId, user, deps, req, res }) {
    let heartbeat: NodeJS.Timeout | null = null;
    const end = () => {
      if (heartbeat) clearInterval(heartbeat);
      heartbeat = null;
      subscription?.unsubscribe();
      if (!res.writableEnded) res.end();
    };
    const subscription = deps.calls.live.subscribe({
      orgId: orgId!,
      userId: user!.id,
      send: (m) => void res.write(frame(m)),
      close: end,
    });
    if (!subscription) throw tooManyRequests('Too many live connections right now; the page will retry', 30);
    res.status(200).set({
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.flushHeaders();
    res.write(`retry: 3000\nevent: ready\ndata: {}\n\n`);
    heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
    req.on('close', end);
    res.on('close', end);
  },
});
