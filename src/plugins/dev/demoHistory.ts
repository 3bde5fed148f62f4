/**
 * Synthetic status history for demo services, so a new user sees real SLA figures and charts at
 * once: `days` of 5-minute steps before `end`, per service a reliability profile chosen from its name
 * (six in ten steady, three flaky, one troubled), outages and degraded spells drawn by a seeded generator (the same
 * name gives the same history), and a weekly 30-minute maintenance window for every third service.
 * Pure: the dev seed writes what this returns.
 */
import type { ServiceStatus } from '../../core/domain/service.js';

export const DEMO_STEP_MS = 5 * 60_000;
const DAY_MS = 86_400_000;

export interface DemoInterval {
  readonly status: ServiceStatus;
  readonly startedAt: number;
  readonly endedAt: number;
}

export interface DemoWindow {
  readonly reason: string;
  readonly startedAt: number;
  readonly endedAt: number;
}

export interface DemoHistory {
  /** Oldest first, back to back from `end - days` to `end`. */
  readonly intervals: readonly DemoInterval[];
  /** Maintenance windows, ended; the history is MAINTENANCE inside them. */
  readonly windows: readonly DemoWindow[];
}

interface Profile {
  /** Chance per 5-minute step of leaving OPERATIONAL for DOWN, and for DEGRADED. */
  readonly down: number;
  readonly degraded: number;
  /** Chance per step of staying in DOWN / DEGRADED (mean spell = 1 / (1 - stay) steps). */
  readonly stay: number;
}

const STEADY: Profile = { down: 0.00005, degraded: 0.0003, stay: 0.5 }; // about 99.99 %
const FLAKY: Profile = { down: 0.0004, degraded: 0.001, stay: 0.6 }; // about 99.9 %, either side of the demo target
const TROUBLED: Profile = { down: 0.0015, degraded: 0.002, stay: 0.75 }; // about 99.4 %
/** Most of a fleet is steady; a few services are the ones a dashboard should point at. */
const PROFILES: readonly Profile[] = [STEADY, STEADY, STEADY, STEADY, STEADY, STEADY, FLAKY, FLAKY, FLAKY, TROUBLED];

export function demoHistory(serviceName: string, days: number, end: number): DemoHistory {
  const random = mulberry32(hash(serviceName));
  const profile = PROFILES[hash(`${serviceName}/profile`) % PROFILES.length]!;
  const hasWindows = hash(`${serviceName}/windows`) % 3 === 0;
  const endStep = Math.floor(end / DEMO_STEP_MS) * DEMO_STEP_MS;
  const start = endStep - days * DAY_MS;
  const windows = hasWindows ? weeklyWindows(start, endStep) : [];
  const intervals: DemoInterval[] = [];
  let status = 'OPERATIONAL' as ServiceStatus;
  let since = start;
  let windowIndex = 0;
  for (let at = start; at < endStep; at += DEMO_STEP_MS) {
    while (windowIndex < windows.length && windows[windowIndex]!.endedAt <= at) windowIndex += 1;
    const inWindow = windowIndex < windows.length && windows[windowIndex]!.startedAt <= at;
    const next: ServiceStatus = inWindow ? 'MAINTENANCE' : step(status === 'MAINTENANCE' ? 'OPERATIONAL' : status, profile, random());
    if (next !== status) {
      if (at > since) intervals.push({ status, startedAt: since, endedAt: at });
      status = next;
      since = at;
    }
  }
  if (endStep > since) intervals.push({ status, startedAt: since, endedAt: endStep });
  return { intervals, windows };
}

function step(status: ServiceStatus, profile: Profile, draw: number): ServiceStatus {
  if (status === 'OPERATIONAL') {
    if (draw < profile.down) return 'DOWN';
    if (draw < profile.down + profile.degraded) return 'DEGRADED';
    return 'OPERATIONAL';
  }
  return draw < profile.stay ? status : 'OPERATIONAL';
}

/** Sundays 02:00-02:30 UTC inside `[start, end)`. */
function weeklyWindows(start: number, end: number): DemoWindow[] {
  const windows: DemoWindow[] = [];
  const first = new Date(start);
  const daysToSunday = (7 - first.getUTCDay()) % 7;
  for (let day = Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), first.getUTCDate() + daysToSunday); day < end; day += 7 * DAY_MS) {
    const startedAt = day + 2 * 3_600_000;
    const endedAt = startedAt + 30 * 60_000;
    if (startedAt >= start && endedAt <= end) windows.push({ reason: 'weekly patching (demo)', startedAt, endedAt });
  }
  return windows;
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** A small seeded generator (Mulberry32): the same seed gives the same sequence. */
function mulberry32(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
