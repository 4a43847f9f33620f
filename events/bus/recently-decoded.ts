/**
 * Records decoded lately, by their place in the log, so the consumer groups of one process decode each record once.
 * Each projector reads the log in its own consumer group: the four interaction-topic projectors of one process decoded
 * every record four times (the JSON and the schema's checks: about a tenth of the projectors' CPU at 2,500 events/s,
 * issue 16). The others now take the first one's value, which is shared: whoever takes it must not change it (a read
 * model's evolve never does). Bounded in bytes and in age: a group far behind the others decodes again, and an idle
 * process holds nothing once `sweep` ran.
 */
export interface RecentlyDecoded<T> {
  /** The value kept under `key`, or `decode()`'s (kept, weighing `bytes`). */
  take(key: string, bytes: number, decode: () => T): T;
  /** Forgets what is older than the age bound (a timer calls it while nothing is decoded). */
  sweep(): void;
  readonly size: number;
}

export function recentlyDecoded<T>(opts: { maxBytes: number; maxAgeMs: number; now?: () => number }): RecentlyDecoded<T> {
  const now = opts.now ?? Date.now;
  const kept = new Map<string, { value: T; bytes: number; at: number }>();
  let bytesKept = 0;
  // Map iterates in insertion order: the oldest first.
  const forget = (at: number) => {
    for (const [key, entry] of kept) {
      if (bytesKept <= opts.maxBytes && entry.at > at - opts.maxAgeMs) break;
      kept.delete(key);
      bytesKept -= entry.bytes;
    }
  };
  return {
    take(key, bytes, decode) {
      const known = kept.get(key);
      if (known) return known.value;
      const value = decode();
      const at = now();
      kept.set(key, { value, bytes, at });
      bytesKept += bytes;
      forget(at);
      return value;
    },
    sweep: () => forget(now()),
    get size() {
      return kept.size;
    },
  };
}
