/**
 * In this process: N service snapshots stepped and compacted as the entity host does (the product's way)
 * against N started XState actors (the previous design), same machine, same records. Heap per
 * service after a full GC (needs `--expose-gc`), and CPU time per status change. XState's own
 * `transition()` (which builds a throwaway actor per call) is timed too, for reference.
 */
import { createActor, transition } from 'xstate';
import { SnapshotCompactor } from '../../src/platform/actorHost/compactSnapshot.js';
import { createMachineStepper } from '../../src/platform/actorHost/machineStep.js';
import { serviceMachine, snapshotFor } from '../../src/core/services/serviceMachine.js';
import type { ServiceEvent } from '../../src/core/services/serviceChanges.js';
import { newServiceRecord, type ServiceRecord } from '../../src/core/domain/service.js';

export interface ModelFigures {
  readonly heapBytesPerService: number;
  readonly stepMicroseconds: number;
}

export interface SnapshotsVsActors {
  readonly services: number;
  readonly snapshots: ModelFigures;
  readonly actors: ModelFigures;
  /** `transition()` from xstate, per call. */
  readonly xstateTransitionMicroseconds: number;
}

const gc = (): void => {
  const collect = (globalThis as { gc?: () => void }).gc;
  if (!collect) throw new Error('run with node --expose-gc');
  collect();
  collect();
};

const T0 = Date.parse('2026-03-01T00:00:00Z');
const records = (n: number): ServiceRecord[] =>
  Array.from({ length: n }, (_, i) =>
    newServiceRecord(
      `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      { nodePath: `eu/prod/pool-${i % 100}`, name: `svc-${i}`, status: 'OPERATIONAL' },
      T0,
    ),
  );
const flip = (i: number, round: number): ServiceEvent => ({
  type: 'STATUS_REPORTED',
  status: (i + round) % 2 === 0 ? 'DEGRADED' : 'OPERATIONAL',
  message: null,
  at: T0 + round * 1000,
  origin: 'agent',
});

function heapOf<T>(build: () => T): { value: T; bytes: number } {
  gc();
  const before = process.memoryUsage().heapUsed;
  const value = build();
  gc();
  return { value, bytes: process.memoryUsage().heapUsed - before };
}

export function measureSnapshotsVsActors(n: number): SnapshotsVsActors {
  // Records are shared by both models and not counted: only what each model adds per service.
  const shared = records(n);
  const stepper = createMachineStepper(serviceMachine);
  const compactor = new SnapshotCompactor();

  const snapshots = heapOf(() => shared.map((r) => compactor.compact(snapshotFor(serviceMachine, r))));
  let started = performance.now();
  for (let round = 1; round <= 2; round += 1) {
    for (let i = 0; i < n; i += 1) snapshots.value[i] = compactor.compact(stepper.step(snapshots.value[i]!, flip(i, round)).next);
  }
  const snapshotStep = ((performance.now() - started) * 1000) / (2 * n);

  const actors = heapOf(() =>
    shared.map((r) => createActor(serviceMachine, { snapshot: snapshotFor(serviceMachine, r), input: r }).start()),
  );
  started = performance.now();
  for (let round = 1; round <= 2; round += 1) {
    for (let i = 0; i < n; i += 1) actors.value[i]!.send(flip(i, round));
  }
  const actorStep = ((performance.now() - started) * 1000) / (2 * n);
  for (const actor of actors.value) actor.stop();

  const sample = Math.min(n, 20_000);
  let snapshot = snapshotFor(serviceMachine, shared[0]!);
  started = performance.now();
  for (let i = 0; i < sample; i += 1) snapshot = transition(serviceMachine, snapshot, flip(i, 1))[0];
  const xstateTransition = ((performance.now() - started) * 1000) / sample;

  return {
    services: n,
    snapshots: { heapBytesPerService: snapshots.bytes / n, stepMicroseconds: snapshotStep },
    actors: { heapBytesPerService: actors.bytes / n, stepMicroseconds: actorStep },
    xstateTransitionMicroseconds: xstateTransition,
  };
}
