/**
 * The commit boundary every command goes through, whichever API called it ("acknowledge after
 * commit", DESIGN.md): refuse before changing anything when the database is not keeping up, apply
 * the change to the in-memory state at the injected clock's time, stage what belongs in the same
 * commit as any change (the audit record), wait for the group commit, and turn a failed commit
 * into the catalog's UNAVAILABLE (503 on REST, `UNAVAILABLE` on GraphQL). Nothing below a command
 * waits for a commit; nothing above it sees a `CommitError`.
 */
import type { Clock } from '../clock.js';
import { AppError, ErrorCode } from '../errors/catalog.js';
import { CommitError, type BatchWriter } from '../persistence/batchWriter.js';

export interface CommitDeps {
  readonly writer: BatchWriter;
  readonly clock: Pick<Clock, 'now'>;
}

export function refuseWhenOverloaded(writer: BatchWriter): void {
  if (writer.overloaded) throw new AppError(ErrorCode.Unavailable, 'the database is not keeping up with writes; retry shortly', { 'retry-after': '1' });
}

/** Applies `change` (given the time it happens at), then resolves with its result once committed. */
export async function commitChange<T>(deps: CommitDeps, change: (at: number) => T): Promise<T> {
  refuseWhenOverloaded(deps.writer);
  const result = change(deps.clock.now());
  try {
    await deps.writer.acknowledge();
  } catch (error) {
    if (error instanceof CommitError) throw new AppError(ErrorCode.Unavailable, error.message);
    throw error;
  }
  return result;
}
