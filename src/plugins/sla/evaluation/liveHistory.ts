/**
 * The recent status history of the services the live evaluation follows, in memory: per service its
 * runs (start, status code) back to a retention instant and its maintenance windows, so each closed
 * bucket and each burn-rate window is measured without a database read. Seeded from stored history
 * (the timeline loader) and kept current from committed `service.status_changed` and
 * `sla.maintenance_window_changed` events.
 *
 * Seeding and events meet at a cut-off instant: stored runs that begin before it, followed runs
 * that begin at or after it (the events of changes committed while the load ran), so a change seen
 * both ways counts once. Pure data, no I/O, no clock.
 */
import type { ServiceStatus } from '../../../core/domain/service.js';
import { DEGRADED_CODE, DOWN_CODE, statusCode, type StatusTimeline } from '../arithmetic/timeline/statusTimeline.js';

interface Track {
  starts: number[];
  codes: number[];
  /**
   * Window end by window start; NaN while active. Made with the first window: most services have none, and a map
   * each was a quarter of a million maps made again at every build of a definition that covers them.
   */
  windows?: Map<number, number>;
}

function holdWindow(track: Track, start: number, end: number): void {
  (track.windows ??= new Map()).set(start, end);
}

const DOWNISH = (1 << DOWN_CODE) | (1 << DEGRADED_CODE);

export class LiveHistory {
  private readonly tracks = new Map<string, Track>();

  has(serviceId: string): boolean {
    return this.tracks.has(serviceId);
  }

  /**
   * Service `index` of `timeline` becomes `serviceId`'s history: its stored runs that begin before
   * `cutOff`, then the runs followed here that begin at or after it; its windows the stored ones
   * plus followed ones that began at or after `cutOff`. Stored runs and windows that a {@link prune}
   * from `keepFrom` would drop are not taken (a month loaded for a period's catch-up is mostly older
   * than any burn window).
   */
  seed(serviceId: string, timeline: StatusTimeline, index: number, cutOff: number, keepFrom = Number.NEGATIVE_INFINITY): void {
    const previous = this.tracks.get(serviceId);
    const track: Track = { starts: [], codes: [] };
    if (index >= 0) {
      // A service's runs are in time order: those from the cut-off on are the last few.
      const first = timeline.offsets[index]!;
      let end = timeline.offsets[index + 1]!;
      while (end > first && timeline.starts[end - 1]! >= cutOff) end -= 1;
      for (let k = firstNeededIn(timeline.starts, timeline.codes, first, end, keepFrom); k < end; k += 1) {
        track.starts.push(timeline.starts[k]!);
        track.codes.push(timeline.codes[k]!);
      }
      for (let w = timeline.windowOffsets[index]!; w < timeline.windowOffsets[index + 1]!; w += 1) {
        // As prune: a window that ended before `keepFrom` goes (an active one's end is NaN).
        if (timeline.windowStarts[w]! < cutOff && !(timeline.windowEnds[w]! < keepFrom))
          holdWindow(track, timeline.windowStarts[w]!, timeline.windowEnds[w]!);
      }
    }
    if (previous) {
      for (let k = 0; k < previous.starts.length; k += 1) {
        if (previous.starts[k]! < cutOff) continue;
        track.starts.push(previous.starts[k]!);
        track.codes.push(previous.codes[k]!);
      }
      if (previous.windows)
        for (const [start, end] of previous.windows) if (start >= cutOff || track.windows?.has(start)) holdWindow(track, start, end);
    }
    this.tracks.set(serviceId, track);
  }

  /**
   * A status that began at `at`. Answers false, and records nothing, when `at` is before the last
   * run already held (late data: the caller recomputes from stored history).
   */
  recordStatus(serviceId: string, status: ServiceStatus, at: number): boolean {
    const track = this.trackOf(serviceId);
    const last = track.starts.length - 1;
    if (last >= 0 && at < track.starts[last]!) return false;
    track.starts.push(at);
    track.codes.push(statusCode(status));
    return true;
  }

  /** A window began at `start` (end NaN) or ended at `end`. */
  recordWindow(serviceId: string, start: number, end: number | null): void {
    holdWindow(this.trackOf(serviceId), start, end ?? Number.NaN);
  }

  /** A deleted window no longer excludes anything. */
  forgetWindow(serviceId: string, start: number): void {
    this.tracks.get(serviceId)?.windows?.delete(start);
  }

  forget(serviceId: string): void {
    this.tracks.delete(serviceId);
  }

  /**
   * The instant the service last was down in what is held (DOWN, and DEGRADED when `degradedIsDown`):
   * Infinity while it is, -Infinity when never.
   */
  lastDownAt(serviceId: string, degradedIsDown: boolean): number {
    const track = this.tracks.get(serviceId);
    if (!track) return Number.NEGATIVE_INFINITY;
    const mask = degradedIsDown ? DOWNISH : 1 << DOWN_CODE;
    for (let k = track.codes.length - 1; k >= 0; k -= 1) {
      if (((mask >> track.codes[k]!) & 1) === 1) return k === track.codes.length - 1 ? Number.POSITIVE_INFINITY : track.starts[k + 1]!;
    }
    return Number.NEGATIVE_INFINITY;
  }

  /**
   * Drops what no measure from `from` on needs: runs that ended before the run covering `from`
   * (keeping the down spell that covers it, whose start tells whether it is an incident of a period
   * beginning at `from`), and windows that ended before `from`.
   */
  prune(from: number): void {
    for (const _ of this.pruneInSlices(from, Number.POSITIVE_INFINITY)) {
      // one slice: everything
    }
  }

  /**
   * {@link prune} a slice at a time: yields after each `runs` runs dropped (right after a month was
   * seeded, pruning is millions of runs), so the caller can let the event loop go between slices.
   * Tracks added or removed between slices are fine (a Map iterates what it holds then).
   */
  *pruneInSlices(from: number, runs: number): Generator<void> {
    let dropped = 0;
    for (const track of this.tracks.values()) {
      const keep = firstNeeded(track, from);
      if (keep > 0) {
        track.starts.splice(0, keep);
        track.codes.splice(0, keep);
      }
      if (track.windows) for (const [start, end] of track.windows) if (end < from) track.windows.delete(start);
      dropped += keep + 1;
      if (dropped >= runs) {
        dropped = 0;
        yield;
      }
    }
  }

  /**
   * The timeline of `serviceIds` (service i = serviceIds[i]) over `[from, ...)`: for each, its runs
   * from the one covering `from` (and the down spell that covers it), and its windows not ended by
   * `from`. Two passes straight into typed arrays (sizes, then values): this runs for every service
   * at every bucket.
   */
  timeline(serviceIds: readonly string[], from: number): StatusTimeline {
    const n = serviceIds.length;
    const offsets = new Uint32Array(n + 1);
    const windowOffsets = new Uint32Array(n + 1);
    const firsts = new Uint32Array(n);
    let runs = 0;
    let windows = 0;
    for (let i = 0; i < n; i += 1) {
      const track = this.tracks.get(serviceIds[i]!);
      if (track) {
        const first = firstNeeded(track, from);
        firsts[i] = first;
        runs += track.starts.length - first;
        if (track.windows) for (const end of track.windows.values()) if (!(end < from)) windows += 1;
      }
      offsets[i + 1] = runs;
      windowOffsets[i + 1] = windows;
    }
    const starts = new Float64Array(runs);
    const codes = new Uint8Array(runs);
    const windowStarts = new Float64Array(windows);
    const windowEnds = new Float64Array(windows);
    for (let i = 0; i < n; i += 1) {
      const track = this.tracks.get(serviceIds[i]!);
      if (!track) continue;
      let at = offsets[i]!;
      for (let k = firsts[i]!; k < track.starts.length; k += 1, at += 1) {
        starts[at] = track.starts[k]!;
        codes[at] = track.codes[k]!;
      }
      if (windowOffsets[i + 1]! > windowOffsets[i]!) {
        // Windows by start (a map keyed by start keeps insertion order, not time order).
        const kept = [...track.windows!].filter(([, end]) => !(end < from)).sort((a, b) => a[0] - b[0]);
        let w = windowOffsets[i]!;
        for (const [start, end] of kept) {
          windowStarts[w] = start;
          windowEnds[w] = end;
          w += 1;
        }
      }
    }
    return { offsets, starts, codes, windowOffsets, windowStarts, windowEnds };
  }

  private trackOf(serviceId: string): Track {
    let track = this.tracks.get(serviceId);
    if (!track) this.tracks.set(serviceId, (track = { starts: [], codes: [] }));
    return track;
  }
}

/** Index of the first run a measure from `from` needs: the one covering `from`, back over the down runs before it, and one more. */
function firstNeeded(track: Track, from: number): number {
  return firstNeededIn(track.starts, track.codes, 0, track.starts.length, from);
}

/** {@link firstNeeded} over the runs `[first, end)` of any run list (a track's, a timeline's service). */
function firstNeededIn(starts: ArrayLike<number>, codes: ArrayLike<number>, first: number, end: number, from: number): number {
  let lo = first;
  let hi = end;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (starts[mid]! <= from) lo = mid + 1;
    else hi = mid;
  }
  let k = lo - 1;
  if (k <= first) return first;
  while (k > first && ((DOWNISH >> codes[k]!) & 1) === 1) k -= 1;
  return k;
}
