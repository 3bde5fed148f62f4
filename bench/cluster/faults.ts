/**
 * Ownership changes of `bench:cluster`, measured on real processes: takeover after kill -9, graceful handoff on
 * SIGTERM, and the shards that move when a fourth instance joins. Pushes go to the probe service of each shard
 * concerned (one per shard), through the surviving instances, as a client behind a balancer would send them.
 */
import { assign } from '../../src/platform/cluster/placement.js';
import type { BenchCluster } from './instances.js';
import type { ProbeStatuses } from './latency.js';
import { healthBody, push, type BenchService } from './pushes.js';

const POLL_MS = 25;
const GIVE_UP_MS = 30_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface TakeoverRound {
  readonly victim: string;
  readonly shards: number;
  /** Per shard: ms from the kill until the fence records another owner (polled every 25 ms). */
  readonly claimedMs: number[];
  /**
   * Per shard: ms from the kill until a push to its probe service, sent through a survivor once the claim was
   * recorded, was answered 200 (503s sent again after 20 ms).
   */
  readonly acceptedMs: number[];
  /** Shards none of whose pushes was accepted within 30 s. */
  readonly never: number;
  /** The push of each shard sent at the kill (in flight to the dying owner): its answer's status and when (ms). */
  readonly atKill: { readonly status: number; readonly ms: number }[];
}

/**
 * kill -9 of `victim`. Per shard of its: one push sent through a survivor at the kill (what a request in flight
 * meets), and once the fence records the claim of another owner, pushes through the survivors until one is accepted.
 */
export async function takeoverAfterKill(
  cluster: BenchCluster,
  victim: string,
  probes: readonly BenchService[],
  statuses: ProbeStatuses,
  apiKey: string,
): Promise<TakeoverRound> {
  const owners = await cluster.owners();
  const shards = [...owners].filter(([, owner]) => owner === victim).map(([shard]) => shard);
  const survivors = [...cluster.running.keys()].filter((id) => id !== victim).map((id) => cluster.running.get(id)!.url);
  const killedAt = performance.now();
  const killed = cluster.kill(victim);
  const claimed = new Map<number, number>();
  const claimWaiters = new Map<number, () => void>();
  const claims = (async () => {
    while (claimed.size < shards.length && performance.now() - killedAt < GIVE_UP_MS) {
      const now = await cluster.owners();
      const at = performance.now() - killedAt;
      for (const shard of shards) {
        if (claimed.has(shard) || now.get(shard) === victim) continue;
        claimed.set(shard, at);
        claimWaiters.get(shard)?.();
      }
      await pause(POLL_MS);
    }
    for (const wake of claimWaiters.values()) wake();
  })();
  const atKill = Promise.all(
    shards.map(async (shard, k) => {
      const service = probes[shard]!;
      const answer = await push(survivors[k % survivors.length]!, apiKey, healthBody(service, statuses.next(service), 'at the kill'));
      return { status: answer.status, ms: answer.answeredAt - killedAt };
    }),
  );
  const accepted = await Promise.all(
    shards.map(async (shard, k) => {
      if (!claimed.has(shard)) await new Promise<void>((resolve) => claimWaiters.set(shard, resolve));
      const service = probes[shard]!;
      for (let attempt = 0; performance.now() - killedAt < GIVE_UP_MS; attempt++) {
        const answer = await push(
          survivors[(k + attempt) % survivors.length]!,
          apiKey,
          healthBody(service, statuses.next(service), 'takeover'),
        );
        if (answer.status === 200) return answer.answeredAt - killedAt;
        await pause(20);
      }
      return undefined;
    }),
  );
  await Promise.all([claims, killed]);
  return {
    victim,
    shards: shards.length,
    claimedMs: [...claimed.values()],
    acceptedMs: accepted.filter((ms): ms is number => ms !== undefined),
    never: accepted.filter((ms) => ms === undefined).length,
    atKill: await atKill,
  };
}

export interface HandoffRound {
  readonly victim: string;
  readonly shards: number;
  readonly exitCode: number | null;
  /** ms from SIGTERM to the process's exit. */
  readonly exitMs: number;
  /** Per shard: the longest time between two accepted pushes in a row, the later one after SIGTERM. */
  readonly gapMs: number[];
  /** Per shard: the same before SIGTERM (the loop's own resolution). */
  readonly baselineGapMs: number[];
  /** Answers other than 200 (503s and failures) during the round, by status (0: no answer). */
  readonly refused: Record<string, number>;
  /** The first answer of each kind other than 200: status and the start of its body. */
  readonly refusals: string[];
}

/**
 * SIGTERM of `victim` while a loop per shard of its pushes that shard's probe service through the survivors every
 * `everyMs`; the loops run from a second before the signal until its shards are recorded with other owners and a
 * second more.
 */
export async function handoffOnTerm(
  cluster: BenchCluster,
  victim: string,
  probes: readonly BenchService[],
  statuses: ProbeStatuses,
  apiKey: string,
  everyMs: number,
): Promise<HandoffRound> {
  const owners = await cluster.owners();
  const shards = [...owners].filter(([, owner]) => owner === victim).map(([shard]) => shard);
  const survivors = [...cluster.running.keys()].filter((id) => id !== victim).map((id) => cluster.running.get(id)!.url);
  const refused: Record<string, number> = {};
  const refusals: string[] = [];
  let stopping = false;
  const loops = shards.map(async (shard, k) => {
    const service = probes[shard]!;
    const acceptedAt: number[] = [];
    for (let attempt = 0; !stopping; attempt++) {
      const answer = await push(
        survivors[(k + attempt) % survivors.length]!,
        apiKey,
        healthBody(service, statuses.next(service), 'handoff'),
      );
      if (answer.status === 200) acceptedAt.push(answer.answeredAt);
      else {
        if (refused[answer.status] === undefined) refusals.push(`${answer.status}: ${answer.refusal ?? ''}`);
        refused[answer.status] = (refused[answer.status] ?? 0) + 1;
      }
      await pause(everyMs);
    }
    return acceptedAt;
  });
  await pause(1_000);
  const termAt = performance.now();
  const exitCode = await cluster.terminate(victim);
  const exitMs = performance.now() - termAt;
  for (const started = performance.now(); performance.now() - started < GIVE_UP_MS; ) {
    const now = await cluster.owners();
    if (shards.every((shard) => now.get(shard) !== victim)) break;
    await pause(POLL_MS);
  }
  await pause(1_000);
  stopping = true;
  const accepted = await Promise.all(loops);
  const gapMs: number[] = [];
  const baselineGapMs: number[] = [];
  for (const times of accepted) {
    let after = 0;
    let before = 0;
    for (let i = 1; i < times.length; i++) {
      const gap = times[i]! - times[i - 1]!;
      if (times[i]! > termAt) after = Math.max(after, gap);
      else before = Math.max(before, gap);
    }
    gapMs.push(after);
    baselineGapMs.push(before);
  }
  return { victim, shards: shards.length, exitCode, exitMs, gapMs, baselineGapMs, refused, refusals };
}

export interface JoinResult {
  readonly shards: number;
  /** Shards whose recorded owner changed when the fourth instance joined (and the cluster settled). */
  readonly moved: number;
  /** The same by placement alone (rendezvous hashing over the ids, no processes). */
  readonly placementMoved: number;
  /** Shards the new instance owns once settled. */
  readonly joinedOwns: number;
  /** ms from starting the new instance's process to the cluster settled with it. */
  readonly settledMs: number;
}

export async function fourthJoins(cluster: BenchCluster, newcomer: string): Promise<JoinResult> {
  const before = await cluster.owners();
  const ids = [...cluster.running.keys()];
  const startedAt = performance.now();
  await cluster.start(newcomer);
  await cluster.settled();
  const settledMs = performance.now() - startedAt;
  const after = await cluster.owners();
  let moved = 0;
  let joinedOwns = 0;
  for (let shard = 0; shard < cluster.shards; shard++) {
    if (before.get(shard) !== after.get(shard)) moved += 1;
    if (after.get(shard) === newcomer) joinedOwns += 1;
  }
  const three = assign(ids, cluster.shards);
  const four = assign([...ids, newcomer], cluster.shards);
  const placementMoved = three.filter((owner, shard) => owner !== four[shard]).length;
  return { shards: cluster.shards, moved, placementMoved, joinedOwns, settledMs };
}
