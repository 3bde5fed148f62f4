/**
 * Which Node.js release lines are past their end of life, by the Node.js release schedule
 * (https://github.com/nodejs/Release): an LTS line ends 30 April, three years after its release;
 * an odd, short-lived line ends 1 June of the next year. The server warns at start when it runs on
 * one that has ended (by the injected clock), since it then gets no security fixes; README.md,
 * "Runtime", says why the product still ships on Node 20 and how to move up.
 *
 * Keep the table a few lines ahead of the runtime in use; a line newer than the table is assumed
 * supported, one older than the table ended long ago.
 */
import type { Logger } from '../log/logger.js';

export const NODE_END_OF_LIFE: Readonly<Record<number, string>> = {
  18: '2025-04-30',
  19: '2023-06-01',
  20: '2026-04-30',
  21: '2024-06-01',
  22: '2027-04-30',
  23: '2025-06-01',
  24: '2028-04-30',
  25: '2026-06-01',
  26: '2029-04-30',
};

const OLDEST_IN_TABLE = Math.min(...Object.keys(NODE_END_OF_LIFE).map(Number));

export interface EndOfLife {
  readonly major: number;
  /** The day it ended (`YYYY-MM-DD`), or null for a line older than the table. */
  readonly endedOn: string | null;
}

/** The release line of `version` (`20.20.2`, or `v20.20.2`) when it has ended by `now`; undefined while it is supported. */
export function nodeEndOfLife(version: string, now: number): EndOfLife | undefined {
  const major = Number(/^v?(\d+)\./.exec(version)?.[1]);
  if (!Number.isInteger(major)) return undefined;
  const endedOn = NODE_END_OF_LIFE[major];
  if (endedOn === undefined) return major < OLDEST_IN_TABLE ? { major, endedOn: null } : undefined;
  return now >= Date.parse(`${endedOn}T00:00:00Z`) ? { major, endedOn } : undefined;
}

export const NODE_END_OF_LIFE_MESSAGE = 'this Node.js release line has reached its end of life and gets no security fixes';

/** The start-up warning (startServer, before the store opens): once, when the release line of `version` has ended by `now`. */
export function warnOnEndOfLife(logger: Logger, version: string, now: number): void {
  const ended = nodeEndOfLife(version, now);
  if (ended) {
    logger.warn(NODE_END_OF_LIFE_MESSAGE, {
      node: version,
      endedOn: ended.endedOn,
      see: 'README.md, Runtime: the supported runtime and the way to Node.js 24',
    });
  }
}
