/** A small deterministic generator (mulberry32), so the demo's calls are the same on every machine. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The generator and a pick from a list with it, seeded from a hex slice of an id. */
export function seededPicker(hexSeed: string) {
  const next = random(parseInt(hexSeed, 16));
  return { next, pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] };
}
