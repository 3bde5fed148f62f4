/** What the REST handlers are given: the state core, the writer, the clock. */
import type { Clock } from '../clock.js';
import type { Fleet } from '../actors/fleet.js';
import type { Database } from '../persistence/database.js';
import type { BatchWriter } from '../persistence/batchWriter.js';
import { applyAndCommit } from '../persistence/acknowledge.js';

export interface RestContext {
  readonly fleet: Fleet;
  readonly writer: BatchWriter;
  readonly database: Database;
  readonly clock: Clock;
  readonly version: string;
}

/**
 * Apply a change to the state core and wait for its commit: the reply is sent only after the
 * change is durable ("acknowledge after commit"). When the database is not keeping up, refuse
 * before changing anything.
 */
export function commitChange<T>(ctx: RestContext, change: (at: number) => T): Promise<T> {
  return applyAndCommit(ctx.writer, () => change(ctx.clock.now()));
}
