/**
 * The last line of a stop: what was drained. The stop (app.ts `close`, and the graceful drain of
 * issue 30 that replaces it) calls `logDrained` once, at the end, with what it knows; every count is
 * optional, so a stop that learns to count more adds a field here and nothing else changes. The
 * line's message stays `stopped` (operators and tests look for it); it is a warning when something
 * was cut short rather than drained.
 */
import type { Logger } from './logger.js';

export interface DrainSummary {
  /** From the start of the stop to this line. */
  readonly ms: number;
  /** The signal or reason the stop began with (`SIGTERM`, `close`). */
  readonly reason?: string;
  /** Requests under way when the listen socket closed. */
  readonly requestsInFlight?: number;
  /** Of those, answered before the deadline. */
  readonly requestsFinished?: number;
  /** Of those, still unanswered at the deadline (their connections were closed). */
  readonly requestsCut?: number;
  /** WebSocket clients closed (code 1012: come back soon). */
  readonly webSocketsClosed?: number;
  /** Group commits run and rows written while draining (the flush included). */
  readonly commitsFlushed?: number;
  readonly rowsFlushed?: number;
  /** Commits that failed while draining (their requests were answered 503). */
  readonly commitsFailed?: number;
  /** Webhook attempts under way that were aborted; they stay pending and are sent after the restart. */
  readonly webhookAttemptsAborted?: number;
  /** Webhook deliveries waiting (in memory or on outbox pages) at the stop; sent after the restart. */
  readonly webhookDeliveriesPending?: number;
  /** The stop hit its deadline before everything drained. */
  readonly timedOut?: boolean;
}

export const DRAINED_MESSAGE = 'stopped';

export function logDrained(logger: Logger, summary: DrainSummary): void {
  const cut = summary.timedOut === true || (summary.requestsCut ?? 0) > 0 || (summary.commitsFailed ?? 0) > 0;
  if (cut) logger.warn(DRAINED_MESSAGE, { ...summary });
  else logger.info(DRAINED_MESSAGE, { ...summary });
}
