import { isVoiceProviderError, type VoiceProviderError, type VoiceProviderErrorCode } from '../voice-provider.port';

/** Awaits a promise that must reject with a VoiceProviderError of `code`, and returns that error. */
export async function expectVoiceError(promise: Promise<unknown>, code: VoiceProviderErrorCode, retryable: boolean): Promise<VoiceProviderError> {
  let caught: unknown;
  try {
    await promise;
  } catch (error) {
    caught = error;
  }
  if (!isVoiceProviderError(caught)) throw new Error(`expected a VoiceProviderError ${code}, got ${String(caught)}`);
  expect({ code: caught.code, retryable: caught.retryable }).toEqual({ code, retryable });
  return caught;
}
