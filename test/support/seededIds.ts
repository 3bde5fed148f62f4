/**
 * UUID-shaped ids from a seeded generator (mulberry32): the same ids on every run, so the statistical tests of
 * shards and placement are deterministic, yet as varied as random UUIDs. The generator is the load-test kit's (one
 * mulberry32 in the tree).
 */
import { seededRandom } from '../../bench/kit/scenario.js';

export { seededRandom };

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
