/**
 * How the server stops (docs/adr/0056-health-readiness-and-graceful-drain.md): a platform slice of the
 * configuration (`config.shutdown`), read by `loadConfig` before the modules' slices, and the drain's
 * timing derived from it for one signal (`drainPlan`, main.ts).
 */
import { defineSettings, type SettingsReader } from './settings.js';

export interface ShutdownConfig {
  /**
   * SVC_SHUTDOWN_DELAY_MS: after SIGTERM, readiness fails at once and the server goes on serving this
   * long before it closes its listen socket, so load balancers stop sending it new work first. @default 5000
   */
  readonly delayMs: number;
  /** SVC_SHUTDOWN_WEBSOCKET_WINDOW_MS: WebSocket clients are closed (1012) evenly over this long. @default 3000 */
  readonly webSocketWindowMs: number;
  /** SVC_SHUTDOWN_TIMEOUT_MS: the process exits this long after the signal at the latest, drained or not. @default 20000 */
  readonly timeoutMs: number;
}

declare module './config.js' {
  interface Config {
    readonly shutdown: ShutdownConfig;
  }
}

/** Kept for the last steps (modules' stop, the writer's final flush, closing the store) inside the deadline. */
export const STOP_RESERVE_MS = 2000;
/** Requests under way are waited for at most this long (less when the deadline leaves less). */
export const MAX_REQUEST_DRAIN_MS = 10_000;

function milliseconds(settings: SettingsReader, name: string, min: number, max: number, fallback: number): number {
  const value = settings.read(name);
  if (value === undefined) return fallback;
  const n = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (Number.isNaN(n) || n < min || n > max) {
    settings.problem(`${name} must be a whole number of milliseconds between ${min} and ${max}, got "${value}"`);
    return fallback;
  }
  return n;
}

export const shutdownSettings = defineSettings('shutdown', (settings): ShutdownConfig => {
  const delayMs = milliseconds(settings, 'SVC_SHUTDOWN_DELAY_MS', 0, 120_000, 5000);
  const webSocketWindowMs = milliseconds(settings, 'SVC_SHUTDOWN_WEBSOCKET_WINDOW_MS', 0, 120_000, 3000);
  const timeoutMs = milliseconds(settings, 'SVC_SHUTDOWN_TIMEOUT_MS', 1000, 600_000, 20_000);
  if (delayMs + STOP_RESERVE_MS > timeoutMs) {
    settings.problem(
      `SVC_SHUTDOWN_TIMEOUT_MS (${timeoutMs}) must be at least SVC_SHUTDOWN_DELAY_MS (${delayMs}) + ${STOP_RESERVE_MS} ms, the time the last steps of a stop need`,
    );
  }
  return { delayMs, webSocketWindowMs, timeoutMs };
});

/** The drain one signal starts (app.ts `close`), inside the deadline. */
export interface DrainPlan {
  /** Readiness fails this long before the listen socket closes. */
  readonly delayMs: number;
  /** WebSocket clients are closed over this long, while requests under way finish. */
  readonly webSocketWindowMs: number;
  /** Requests under way (and the WebSocket window) are waited for at most this long. */
  readonly requestsTimeoutMs: number;
}

/**
 * SIGTERM (an orchestrator, `docker stop`) waits `delayMs` for load balancers; SIGINT is someone at a
 * terminal (Ctrl-C), with no load balancer to tell: no delay. The request drain gets what the deadline
 * leaves after the delay and the reserve for the last steps, at most MAX_REQUEST_DRAIN_MS; the
 * WebSocket window fits inside it.
 */
export function drainPlan(shutdown: ShutdownConfig, signal: string): DrainPlan {
  const delayMs = signal === 'SIGINT' ? 0 : shutdown.delayMs;
  const requestsTimeoutMs = Math.max(0, Math.min(MAX_REQUEST_DRAIN_MS, shutdown.timeoutMs - delayMs - STOP_RESERVE_MS));
  return { delayMs, webSocketWindowMs: Math.min(shutdown.webSocketWindowMs, requestsTimeoutMs), requestsTimeoutMs };
}
