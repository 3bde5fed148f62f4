/**
 * One full garbage collection once the state has loaded, before the server serves (docs/adr/0082). Loading a million
 * services leaves a few hundred megabytes of garbage in the old generation (the COPY stream's chunks, every row's
 * decoded text, the load's arrays); V8 collects the old generation only under allocation pressure, which an idle or
 * lightly loaded server may not make for hours, so the process kept that memory as resident (measured at a million:
 * 1,077 MiB resident 30 s after /ready, 961 MiB after one collection, 330 ms of it).
 *
 * The collection sweeps in its own pause (`--no-concurrent-sweeping` for that one call, docs/adr/0086): swept on V8's
 * helper threads, the freed pages were given back only after readiness had turned on (at a million services, a first
 * start read 1,015-1,032 MiB resident at /ready and 898 MiB a moment later; 892-901 MiB at /ready this way, for
 * 20-60 ms more pause).
 *
 * `gc` is not on the global object unless node starts with `--expose-gc`; the flag set at run time exposes it to a new
 * context only, so nothing else in the process can call it.
 */
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let fullCollection: (() => void) | undefined;

/**
 * Below this much heap in use the collection is not worth its pause (a small fleet's load leaves little behind, and
 * the test suite starts hundreds of servers): 100,000 services use about 150 MiB.
 */
export const START_COLLECTION_MIN_HEAP_BYTES = 256 * 2 ** 20;

/** Runs a full collection when the heap in use is at least `minHeapBytes`; the milliseconds it took, or undefined. */
export function collectStartGarbage(minHeapBytes = START_COLLECTION_MIN_HEAP_BYTES): number | undefined {
  if (getHeapStatistics().used_heap_size < minHeapBytes) return undefined;
  if (fullCollection === undefined) {
    setFlagsFromString('--expose-gc');
    fullCollection = runInNewContext('gc') as () => void;
  }
  const started = performance.now();
  setFlagsFromString('--no-concurrent-sweeping');
  try {
    fullCollection();
  } finally {
    setFlagsFromString('--concurrent-sweeping');
  }
  return performance.now() - started;
}
