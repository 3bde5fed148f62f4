/**
 * The log of rate-limit refusals: at most one line a minute per subject (a client address or an
 * agent key), each with the number of requests refused since that subject's previous line. The
 * first refusal after a quiet minute is logged at once (an operator sees throttling begin); later
 * ones are counted, and a sweep every minute writes the counts still owed, so a burst of refusals
 * that stops is never lost from the log.
 *
 * Bounded: at most `maxSubjects` subjects are tracked; refusals of further subjects (a flood from
 * many addresses) are summed into one line per sweep. Subjects with nothing owed and no line in the
 * last minute are forgotten at the sweep. Time is the injected clock's (product time: "once a
 * minute" is a rule an operator reads in the log).
 */
import type { Clock, TimerHandle } from '../scheduler/index.js';
import type { Logger } from '../log/logger.js';

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

interface Entry {
  readonly fields: Readonly<Record<string, unknown>>;
  /** When its last line was written; undefined: none yet. */
  lastLineAt: number | undefined;
  /** Refusals since that line. */
  owed: number;
  /** When the first of those refusals happened. */
  owedSince: number;
}

export const THROTTLE_LOG_MESSAGE = 'requests refused by the rate limit';

export function createThrottleLog(options: ThrottleLogOptions): ThrottleLog {
  const { logger, clock } = options;
  const intervalMs = options.intervalMs ?? 60_000;
  const maxSubjects = options.maxSubjects ?? 10_000;
  const entries = new Map<string, Entry>();
  let overflow = { refused: 0, subjects: new Set<string>() };

  const write = (entry: Entry, at: number) => {
    logger.warn(THROTTLE_LOG_MESSAGE, { ...entry.fields, refused: entry.owed, since: new Date(entry.owedSince).toISOString() });
    entry.lastLineAt = at;
    entry.owed = 0;
  };

  const sweep = () => {
    const at = clock.now();
    for (const [key, entry] of entries) {
      const quiet = entry.lastLineAt === undefined || at - entry.lastLineAt >= intervalMs;
      if (entry.owed > 0 && quiet) write(entry, at);
      else if (entry.owed === 0 && quiet) entries.delete(key);
    }
    if (overflow.refused > 0) {
      logger.warn(THROTTLE_LOG_MESSAGE, {
        others: overflow.subjects.size,
        refused: overflow.refused,
        note: `more than ${maxSubjects} clients were refused; these are summed`,
      });
      overflow = { refused: 0, subjects: new Set() };
    }
  };
  const timer: TimerHandle = clock.setRepeatingTimer(intervalMs, sweep);

  return {
    refused(subject) {
      const at = clock.now();
      let entry = entries.get(subject.key);
      if (entry === undefined) {
        if (entries.size >= maxSubjects) {
          overflow.refused += 1;
          if (overflow.subjects.size < maxSubjects) overflow.subjects.add(subject.key);
          return;
        }
        entry = { fields: subject.fields, lastLineAt: undefined, owed: 0, owedSince: at };
        entries.set(subject.key, entry);
      }
      if (entry.owed === 0) entry.owedSince = at;
      entry.owed += 1;
      if (entry.lastLineAt === undefined || at - entry.lastLineAt >= intervalMs) write(entry, at);
    },
    stop() {
      clock.clearTimer(timer);
      const at = clock.now();
      for (const entry of entries.values()) if (entry.owed > 0) write(entry, at);
      entries.clear();
    },
  };
}
