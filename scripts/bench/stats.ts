import { loadavg } from 'node:os';

// What every benchmark script prints its figures with.

/** The p-th percentile of ascending samples (nearest rank); NaN for none. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** The 1, 5 and 15 minute load averages, as `1.2 3.4 5.6`. */
export const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
