/**
 * The log of rate-limit refusals: at most one line a minute per subject (a client address or an
 * agent key), each with the number of requests refused since that subject's previous line, and the
 * subjects past the table's bound summed into one line per sweep (src/platform/log/rateLimitedLog.ts
 * has the rules; this names the event and its subjects).
 */
import type { Clock } from '../scheduler/index.js';
import type { Logger } from '../log/logger.js';
import { createRateLimitedLog } from '../log/rateLimitedLog.js';

export interface ThrottleLogOptions {
  readonly logger: Logger;
  readonly clock: Clock;
  /** @default 60_000 */
  readonly intervalMs?: number;
  /** @default 10_000 */
  readonly maxSubjects?: number;
}

/** Who was refused: its bucket's key and the fields its log line names it by. */
export interface ThrottleSubject {
  readonly key: string;
  readonly fields: Readonly<Record<string, unknown>>;
}

export interface ThrottleLog {
  refused(subject: ThrottleSubject): void;
  /** Writes what is owed and stops the sweep (server stop). */
  stop(): void;
}

export const THROTTLE_LOG_MESSAGE = 'requests refused by the rate limit';

export function createThrottleLog(options: ThrottleLogOptions): ThrottleLog {
  const log = createRateLimitedLog({
    logger: options.logger,
    clock: options.clock,
    level: 'warn',
    message: THROTTLE_LOG_MESSAGE,
    countField: 'refused',
    ...(options.intervalMs !== undefined ? { intervalMs: options.intervalMs } : {}),
    ...(options.maxSubjects !== undefined ? { maxKeys: options.maxSubjects } : {}),
  });
  return {
    refused: (subject) => log.note(subject.key, subject.fields),
    stop: () => log.stop(),
  };
}
