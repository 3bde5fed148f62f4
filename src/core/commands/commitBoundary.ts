/**
 * The commit boundary every command goes through, whichever API called it ("acknowledge after
 * commit", DESIGN.md): refuse before changing anything when the database is not keeping up, apply
 * the change to the in-memory state at the injected clock's time, stage what belongs in the same
 * commit as any change (the audit record), and wait for the group commit. A failed commit rejects
 * with `CommitError`, the catalog's UNAVAILABLE (503 with Retry-After on REST, `UNAVAILABLE` on
 * GraphQL). Nothing below a command waits for a commit.
 */
import type { Clock } from '../../platform/scheduler/index.js';
import { AppError, ErrorCode } from '../../platform/errors/catalog.js';
import type { BatchWriter } from '../../platform/persistence/batchWriter.js';

export interface CommitDeps {
  readonly writer: BatchWriter;
  readonly clock: Pick<Clock, 'now'>;
}

export function refuseWhenOverloaded(writer: BatchWriter): void {
  if (writer.overloaded)
    throw new AppError(ErrorCode.Unavailable, 'the database is not keeping up with writes; retry shortly', { 'retry-after': '1' });
}

/** Applies `change` (given the time it happens at), then resolves with its result once committed. */
export async function commitChange<T>(deps: CommitDeps, change: (at: number) => T): Promise<T> {
  refuseWhenOverloaded(deps.writer);
  const result = change(deps.clock.now());
  await deps.writer.acknowledge();
  return result;
}
