import { describe, expect, it } from '@jest/globals';
import type { ApiDeps } from '../deps';
import { findCallRecording } from './call-recording';
import { silentMp3 } from '../../activities/voice/adapters/sandbox/silent-mp3';

const ORG_ID = '0b6f4c1e-6a51-4f0e-9d0c-8a4f1c2b3d4e';
const CALL_ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

function deps(recordingUrl: string | null, answer?: Response) {
  const fetched: string[] = [];
  const d = {
    calls: { interactions: { findCall: async () => ({ recordingUrl }) } },
    voice: {
      providers: { sandbox: () => ({ getRecording: async (id: string) => (id === 'sandbox_call_1' ? Buffer.from('ID3') : null) }) },
      fetch: async (url: string) => {
        fetched.push(url);
        return answer ?? new Response('no', { status: 500 });
      },
    },
  } as unknown as ApiDeps;
  return { d, fetched };
}

describe('call recordings', () => {
  it('passes on the bytes of a platform recording URL', async () => {
    const { d, fetched } = deps('https://cdn.vendor.test/rec/1.mp3', new Response(new Uint8Array([0xff, 0xfb, 1, 2]), { status: 200 }));
    expect([...(await findCallRecording(d, ORG_ID, CALL_ID, 'c'))!]).toEqual([0xff, 0xfb, 1, 2]);
    expect(fetched).toEqual(['https://cdn.vendor.test/rec/1.mp3']);
  });

  it('answers none for a call without a recording, or one the platform no longer has', async () => {
    expect(await findCallRecording(deps(null).d, ORG_ID, CALL_ID, 'c')).toBeNull();
    expect(await findCallRecording(deps('https://cdn.vendor.test/gone.mp3', new Response('', { status: 404 })).d, ORG_ID, CALL_ID, 'c')).toBeNull();
    expect(await findCallRecording(deps('file:///etc/passwd').d, ORG_ID, CALL_ID, 'c')).toBeNull();
  });

  it('fails (500) when the platform fails, rather than pretending there is no recording', async () => {
    await expect(findCallRecording(deps('https://cdn.vendor.test/rec/1.mp3').d, ORG_ID, CALL_ID, 'c')).rejects.toThrow('Recording fetch failed with 500');
  });

  it('reads a sandbox recording from the sandbox', async () => {
    expect((await findCallRecording(deps('sandbox-recording:sandbox_call_1').d, ORG_ID, CALL_ID, 'c'))?.toString()).toBe('ID3');
  });

  it('generates silent MP3 frames about as long as the call', () => {
    const audio = silentMp3(2);
    expect(audio.length % 417).toBe(0);
    expect(audio.length / 417).toBe(Math.round(2 * (44_100 / 1152)));
    expect([...audio.subarray(0, 4)]).toEqual([0xff, 0xfb, 0x90, 0xc4]);
  });
});
