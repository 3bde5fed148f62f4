/**
 * The services an SLA definition covers now (catalog.ts `coveredServiceIds`, for the live evaluation): compared with
 * the evaluation's at every 5-minute bucket, sorted only when it is rebuilt. Read it at once; copy it to keep it.
 *
 * A definition assigned to SLA groups only (the usual case) answers the registry's own sets of those groups, read,
 * not copied: a service belongs to one SLA group at most, so the groups' sets are disjoint and their union is their
 * sizes summed and their members one after another. At a million services, a copy of a quarter of a million ids into
 * a new set held the event loop about 300 ms at every bucket. Assignments of single services are few: those are
 * copied, with the groups beside them, into one set.
 */
import type { SlaAssignment } from '../definitions/slaDefinition.js';

/** What the evaluation reads of a definition's coverage: membership, how many, and each member once. */
export type Coverage = Pick<ReadonlySet<string>, 'has' | 'size'> & Iterable<string>;

/** The registry's live sets of service ids by SLA group (core/fleet/serviceRegistry.ts). */
export interface SlaGroupMembers {
  idsInSlaGroup(slaGroup: string): ReadonlySet<string>;
}

export function coverageOf(assignments: readonly Pick<SlaAssignment, 'serviceId' | 'groupName'>[], members: SlaGroupMembers): Coverage {
  const groups = new Set<string>();
  let singles = false;
  for (const a of assignments) {
    if (a.serviceId !== null) singles = true;
    else groups.add(a.groupName!);
  }
  if (!singles) {
    const sets = [...groups].map((group) => members.idsInSlaGroup(group));
    return sets.length === 1 ? sets[0]! : new DisjointUnion(sets);
  }
  const covered = new Set<string>();
  for (const a of assignments) {
    if (a.serviceId !== null) covered.add(a.serviceId);
    else for (const id of members.idsInSlaGroup(a.groupName!)) covered.add(id);
  }
  return covered;
}

/** Sets that share no member, seen as one. */
class DisjointUnion implements Coverage {
  constructor(private readonly sets: readonly ReadonlySet<string>[]) {}

  get size(): number {
    let size = 0;
    for (const set of this.sets) size += set.size;
    return size;
  }

  has(id: string): boolean {
    for (const set of this.sets) if (set.has(id)) return true;
    return false;
  }

  *[Symbol.iterator](): Iterator<string> {
    for (const set of this.sets) yield* set;
  }
}
