/**
 * UUID-shaped ids from a seeded generator (mulberry32): the same ids on every run, so the statistical tests of
 * shards and placement are deterministic, yet as varied as random UUIDs.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 0x1_0000_0000;
  };
}

export function seededUuids(n: number, seed: number): string[] {
  const random = seededRandom(seed);
  const hex = (digits: number): string => Array.from({ length: digits }, () => Math.floor(random() * 16).toString(16)).join('');
  return Array.from({ length: n }, () => `${hex(8)}-${hex(4)}-4${hex(3)}-${'89ab'[Math.floor(random() * 4)]}${hex(3)}-${hex(12)}`);
}
