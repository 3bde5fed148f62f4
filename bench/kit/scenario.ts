/**
 * What a scenario is: a name, a description, its knobs (with defaults, shown by `svc-bench list`,
 * set with `--set name=value`), and `prepare`, which creates what it needs under its own node
 * prefix and returns the streams the engine runs, the subscribers it holds open, and how to clean
 * up (`--cleanup`).
 */
import type { Stream } from './operation.js';
import type { Recorder } from './recorder.js';
import type { Target } from './target.js';

export interface Knob {
  readonly name: string;
  readonly description: string;
  readonly default: number;
}

export interface ScenarioContext {
  readonly target: Target;
  /** Every knob of the scenario, defaults overridden by `--set`. */
  readonly knobs: Readonly<Record<string, number>>;
  readonly durationSeconds: number;
  /** Node path under which everything this run creates lives (`svc-bench/<run id>`). */
  readonly prefix: string;
  readonly random: () => number;
  readonly recorder: Recorder;
  /** Acknowledged status changes, for the subscribers' event delivery latency. */
  readonly acks: AckBook;
  readonly log: (line: string) => void;
}

export interface Prepared {
  readonly streams: readonly Stream[];
  /** Started just before the load, stopped after it (graphql-ws clients). */
  readonly background?: ReadonlyArray<{ start(): Promise<void>; stop(): Promise<void> }>;
}

export interface Scenario {
  readonly name: string;
  readonly description: string;
  readonly knobs: readonly Knob[];
  /** Signs in as an operator (--user, --password). */
  readonly needsUser?: boolean;
  prepare(context: ScenarioContext): Promise<Prepared>;
}

/**
 * When each status change was acknowledged, so a subscriber's frame can say how long the event took
 * from the push's acknowledgement to the frame. Every change carries a key of its own in its
 * message (`svc-bench change <n>`), so a frame is matched to its own push and never to an earlier
 * change of the same service to the same status. A frame that comes before its acknowledgement (the
 * server publishes before its answer is read) waits here for it and counts as 0 ms.
 */
export class AckBook {
  private readonly acked = new Map<string, number>();
  private readonly early = new Map<string, number[]>();
  private next = 0;

  constructor(private readonly onLatency: (at: number, latencyMs: number) => void) {}

  /** The message of a new change: what the frame carries back. */
  nextKey(): string {
    this.next += 1;
    return `svc-bench change ${this.next}`;
  }

  ack(key: string, at: number): void {
    for (const frameAt of this.early.get(key) ?? []) this.onLatency(frameAt, 0);
    this.early.delete(key);
    this.acked.set(key, at);
  }

  frame(key: string, at: number): void {
    const ackAt = this.acked.get(key);
    if (ackAt !== undefined) this.onLatency(at, at - ackAt);
    else this.early.set(key, [...(this.early.get(key) ?? []), at]);
  }
}

/** A seeded pseudo-random generator (mulberry32): the same seed sends the same run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
