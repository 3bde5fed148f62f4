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
  const word = (): string =>
    Math.floor(random() * 0x1_0000_0000)
      .toString(16)
      .padStart(8, '0');
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const [a, b, c, d] = [word(), word(), word(), word()];
    ids.push(`${a}-${b.slice(0, 4)}-4${b.slice(5)}-${'89ab'[c.charCodeAt(0) % 4]}${c.slice(1, 4)}-${c.slice(4)}${d}`);
  }
  return ids;
}
