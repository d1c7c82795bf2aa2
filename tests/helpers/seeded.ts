/**
 * A seeded source of integers in [0, n) for generated-input tests, the same sequence on every run:
 * mulberry32 (the low bits of a plain LCG repeat too soon to mix the pieces well).
 */
export function seededRandom(seed: number): (n: number) => number {
  return (n) => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) % n;
  };
}
