/**
 * An event an operator needs to see, logged at most once a minute per key (a client address, an
 * account, a webhook, an SLA definition), each line with the number of occurrences since that key's
 * previous line. The first occurrence after a quiet minute is logged at once (an operator sees the
 * trouble begin); later ones are counted, and a sweep every minute writes the counts still owed, so
 * a burst that stops is never lost from the log.
 *
 * Bounded: at most `maxKeys` keys are tracked; occurrences for further keys (a flood from many
 * addresses) are summed into one line per sweep. Keys with nothing owed and no line in the last
 * minute are forgotten at the sweep, and the sweep's timer runs only while some key is held. Time is the injected clock's (product time: "once a minute" is
 * a rule an operator reads in the log).
 */
import type { Clock, TimerHandle } from '../scheduler/index.js';
import type { LogFields, Logger } from './logger.js';

export interface RateLimitedLogOptions {
  readonly logger: Logger;
  readonly clock: Clock;
  readonly level: 'info' | 'warn' | 'error';
  readonly message: string;
  /** The field the count is written in. @default 'count' */
  readonly countField?: string;
  /** @default 60_000 */
  readonly intervalMs?: number;
  /** @default 10_000 */
  readonly maxKeys?: number;
}

export interface RateLimitedLog {
  /** One occurrence for `key`; its line names it by `fields` (the latest occurrence's). */
  note(key: string, fields?: LogFields): void;
  /** Writes what is owed and stops the sweep (server stop). */
  stop(): void;
}

interface Entry {
  fields: LogFields | undefined;
  /** When its last line was written; undefined: none yet. */
  lastLineAt: number | undefined;
  /** Occurrences since that line. */
  owed: number;
  /** When the first of those happened. */
  owedSince: number;
}

export function createRateLimitedLog(options: RateLimitedLogOptions): RateLimitedLog {
  const { logger, clock, level, message } = options;
  const countField = options.countField ?? 'count';
  const intervalMs = options.intervalMs ?? 60_000;
  const maxKeys = options.maxKeys ?? 10_000;
  const entries = new Map<string, Entry>();
  let overflow = { count: 0, keys: new Set<string>() };

  const write = (entry: Entry, at: number) => {
    logger[level](message, { ...entry.fields, [countField]: entry.owed, since: new Date(entry.owedSince).toISOString() });
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
    if (overflow.count > 0) {
      logger[level](message, {
        others: overflow.keys.size,
        [countField]: overflow.count,
        note: `more than ${maxKeys} distinct ones; these are summed`,
      });
      overflow = { count: 0, keys: new Set() };
    }
  };
  // Armed by the first occurrence and disarmed by a sweep that finds nothing left: a quiet log holds no timer.
  let timer: TimerHandle | undefined;
  const sweepAndDisarm = () => {
    sweep();
    if (entries.size === 0 && timer !== undefined) {
      clock.clearTimer(timer);
      timer = undefined;
    }
  };

  return {
    note(key, fields) {
      const at = clock.now();
      timer ??= clock.setRepeatingTimer(intervalMs, sweepAndDisarm);
      let entry = entries.get(key);
      if (entry === undefined) {
        if (entries.size >= maxKeys) {
          overflow.count += 1;
          if (overflow.keys.size < maxKeys) overflow.keys.add(key);
          return;
        }
        entry = { fields, lastLineAt: undefined, owed: 0, owedSince: at };
        entries.set(key, entry);
      }
      if (fields !== undefined) entry.fields = fields;
      if (entry.owed === 0) entry.owedSince = at;
      entry.owed += 1;
      if (entry.lastLineAt === undefined || at - entry.lastLineAt >= intervalMs) write(entry, at);
    },
    stop() {
      if (timer !== undefined) clock.clearTimer(timer);
      timer = undefined;
      const at = clock.now();
      for (const entry of entries.values()) if (entry.owed > 0) write(entry, at);
      entries.clear();
    },
  };
}
