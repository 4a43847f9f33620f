import { z } from 'zod';
import { notFound } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { findCallRecording } from '../../use-cases/call-recording';

const ParamsSchema = z.object({ callId: z.uuid('callId must be a UUID') });

/** Spec 001 §2.4: the call details page plays the recording from here, as audio/mpeg. */
export const callRecordingRoute = defineRoute({
  method: 'get',
  path: '/call/:callId/recording',
  summary: "The call's recording as audio/mpeg: the sandbox's generated audio, or the platform's recording proxied; 404 when there is none",
  tag: 'Calls',
  access: {
    kind: 'org',
    async orgIdOf({ params }, deps) {
      const orgId = await deps.calls.interactions.orgIdOfCall(params.callId);
      if (!orgId) throw notFound('Call not found');
      return orgId;
    },
  },
  request: { params: ParamsSchema },
  response: { schema: z.any(), description: 'The recording (audio/mpeg)' },
  errors: [307, 401, 404],
  async handler({ params, orgId, req, res, deps }) {
    const audio = await findCallRecording(deps, orgId!, params.callId, req.correlationId);
    if (!audio) throw notFound('Recording not found');
    res
      .status(200)
      .set({ 'content-type': 'audio/mpeg', 'content-length': String(audio.length), 'cache-control': 'private, max-age=3600' })
      .end(audio);
  },
});
