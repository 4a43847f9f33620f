import { SANDBOX_RECORDING_PREFIX } from '../../activities/voice/adapters/sandbox/sandbox-voice.adapter';
import type { ApiDeps } from '../deps';

// Recordings are a few MB at most; a larger answer is not a call recording.
const MAX_RECORDING_BYTES = 50 * 1024 * 1024;

/**
 * The bytes of a call's recording: the sandbox keeps its own; a platform's recording URL is fetched and
 * passed on, so the browser never needs the vendor's (often signed, short-lived) URL. Null when none.
 */
export async function findCallRecording(deps: ApiDeps, orgId: string, callId: string, correlationId: string): Promise<Buffer | null> {
  const row = await deps.calls.interactions.findCall(callId);
  const url = row?.recordingUrl;
  if (!row || !url) return null;
  if (url.startsWith(SANDBOX_RECORDING_PREFIX)) {
    return deps.voice.providers.sandbox(orgId, correlationId).getRecording(url.slice(SANDBOX_RECORDING_PREFIX.length));
  }
  if (!/^https?:\/\//.test(url)) return null;
  const response = await (deps.voice.fetch ?? fetch)(url, { signal: AbortSignal.timeout(15_000) });
  if (response.status === 404 || response.status === 403 || response.status === 410) return null;
  if (!response.ok) throw new Error(`Recording fetch failed with ${response.status}`);
  const body = Buffer.from(await response.arrayBuffer());
  if (body.length > MAX_RECORDING_BYTES) throw new Error('Recording is too large');
  return body;
}
