/**
 * Placement: which live member should own each shard, by rendezvous hashing (highest random weight, Thaler and
 * Ravishankar 1996). Each (shard, member) pair has a pseudo-random weight; a shard's owner is the member with the
 * highest weight for it. Every instance computes the same answer from the same member set without talking to the
 * others, and a change of membership moves only the shards it must:
 *
 * - a member that joins takes exactly the shards for which it now has the highest weight (on average 1/N of
 *   them, N the new size), each from whichever member had it; no shard moves between the members already there;
 * - a member that leaves gives up only its own shards, each to the member with the next highest weight.
 *
 * Balance is statistical: with S shards and N members a member owns S/N on average, with a standard deviation of
 * sqrt(S(1/N)(1-1/N)) (about 6.9 shards, 2.7 % of 256, for 4 members). With 256 shards a fourth member joining
 * three takes more than 30 % of the shards for about 4 % of member names (docs/adr/0054).
 *
 * Placement says what should be; leases (leases.ts) say what is. An instance takes a shard it should own once the
 * lease is free, and gives up one it should no longer own (after handing its work over): the two converge after a
 * membership change, and the fence in PostgreSQL keeps them safe while they differ.
 */
import { fmix32, hashString } from './hash.js';

/** The golden ratio's 32-bit constant: spreads consecutive shard numbers before the finalizer. */
const SHARD_SPREAD = 0x9e3779b1;

/** The weight of `member` (by its `hashString`) for `shard`: two finalizer rounds, so weights of one member are unrelated across shards. */
function weight(memberHash: number, shard: number): number {
  return fmix32(memberHash ^ fmix32(Math.imul(shard + 1, SHARD_SPREAD)));
}

interface HashedMember {
  readonly id: string;
  readonly hash: number;
}

const hashed = (members: Iterable<string>): HashedMember[] => [...new Set(members)].map((id) => ({ id, hash: hashString(id) }));

function highest(shard: number, members: readonly HashedMember[]): string | undefined {
  let owner: string | undefined;
  let best = -1;
  for (const member of members) {
    const w = weight(member.hash, shard);
    // Equal weights (one in four billion) go to the smaller id, so the answer never depends on the order given.
    if (w > best || (w === best && owner !== undefined && member.id < owner)) {
      best = w;
      owner = member.id;
    }
  }
  return owner;
}

/** The member that should own `shard`; undefined when there are no members. The order of `members` does not matter. */
export function ownerOf(shard: number, members: Iterable<string>): string | undefined {
  return highest(shard, hashed(members));
}

/** The owner of every shard `0 .. count-1` (index: shard); empty entries only when there are no members. */
export function assign(members: Iterable<string>, count: number): (string | undefined)[] {
  const list = hashed(members);
  const owners = new Array<string | undefined>(count);
  for (let shard = 0; shard < count; shard++) owners[shard] = highest(shard, list);
  return owners;
}

/**
 * The shards `instanceId` should own among the live `members`, in ascending order; none when it is not one of them
 * (an instance the others do not see as live must not compete for shards they are placing among themselves).
 */
export function desiredShards(instanceId: string, members: Iterable<string>, count: number): number[] {
  const list = hashed(members);
  const mine: number[] = [];
  if (!list.some((member) => member.id === instanceId)) return mine;
  for (let shard = 0; shard < count; shard++) if (highest(shard, list) === instanceId) mine.push(shard);
  return mine;
}
