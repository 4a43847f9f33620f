// MPEG-1 Layer III, 128 kbit/s, 44.1 kHz, mono, no padding: 417-byte frames of 1152 samples (~26 ms).
// An all-zero frame body decodes to silence, so a run of these frames is a valid, honest "recording".
const FRAME_HEADER = Buffer.from([0xff, 0xfb, 0x90, 0xc4]);
const FRAME_BYTES = 417;
const FRAMES_PER_SECOND = 44_100 / 1152;

/** A silent MP3 of about `seconds` long (the sandbox has no audio to record). */
export function silentMp3(seconds: number): Buffer {
  const frames = Math.max(1, Math.round(Math.min(seconds, 600) * FRAMES_PER_SECOND));
  const frame = Buffer.alloc(FRAME_BYTES);
  FRAME_HEADER.copy(frame);
  return Buffer.concat(Array.from({ length: frames }, () => frame));
}
