/**
 * Seeded random numbers for the round generator: mulberry32 (the same small PRNG the demo course
 * uses), one independent stream per purpose and day (`streamSeed`), so that a change in one day's
 * rounds never moves another day's.
 */
import { mulberry32 } from '../../../platform/random';

export type Rng = () => number;

export { mulberry32 };

/** A seed mixed from the run's seed and the parts that name a stream (FNV-1a over their text). */
export function streamSeed(...parts: (number | string)[]): number {
  let h = 0x811c9dc5;
  for (const ch of parts.join('|')) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

export const stream = (...parts: (number | string)[]): Rng => mulberry32(streamSeed(...parts));

/** A standard normal deviate (Box–Muller). */
export function normal(rng: Rng): number {
  const u = Math.max(rng(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng());
}

export const uniform = (rng: Rng, a: number, b: number): number => a + (b - a) * rng();

export const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));

/** An index drawn with the given (non-negative) weights. */
export function pickWeighted(rng: Rng, weights: readonly number[]): number {
  let total = 0;
  for (const w of weights) total += w;
  let r = rng() * total;
  for (let i = 0; i < weights.length; i++) {
    r -= weights[i];
    if (r < 0) return i;
  }
  return weights.length - 1;
}

/** An index drawn from cumulative weights (binary search; `cumulative` ascending, last = total). */
export function pickCumulative(rng: Rng, cumulative: readonly number[]): number {
  const r = rng() * cumulative[cumulative.length - 1];
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cumulative[mid] > r) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** A UUID-shaped id (version 4 layout) from the stream: deterministic, unlike crypto's. */
export function uuidFrom(rng: Rng): string {
  const hex = (n: number) =>
    Array.from({ length: n }, () => Math.floor(rng() * 16).toString(16)).join('');
  const variant = (8 + Math.floor(rng() * 4)).toString(16);
  return `${hex(8)}-${hex(4)}-4${hex(3)}-${variant}${hex(3)}-${hex(12)}`;
}
