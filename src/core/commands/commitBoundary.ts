/**
 * The commit boundary every command goes through, whichever API called it ("acknowledge after
 * commit", DESIGN.md): refuse before changing anything when the database is not keeping up, apply
 * the change to the in-memory state at the injected clock's time, stage what belongs in the same
 * commit as any change (the audit record), and wait for the group commit. A failed commit rejects
 * with `CommitError`, the catalog's UNAVAILABLE (503 with Retry-After on REST, `UNAVAILABLE` on
 * GraphQL). Nothing below a command waits for a commit. In cluster mode it first asks whether the entities it
 * writes are owned here (`shardKeys`); the entity host asks again for each entity it steps.
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

/**
 * Applies `change` (given the time it happens at), then resolves with its result once committed. `shardKeys`
 * (cluster mode, docs/adr/0067): the entities the change writes, asked for only in cluster mode; unless every one's shard is owned here, it
 * throws `ShardElsewhereError` before anything is applied (the gateway forwards the request to the owner). A
 * single process admits everything.
 */
export function commitChange<T>(deps: CommitDeps, change: (at: number) => T, shardKeys?: () => Iterable<string>): Promise<T> {
  // Tracing on (src/platform/tracing): the command is a span of its request's, which the group commit hangs from.
  const { tracing } = deps.writer;
  return tracing.enabled ? tracing.command('command', () => commit(deps, change, shardKeys)) : commit(deps, change, shardKeys);
}

async function commit<T>(deps: CommitDeps, change: (at: number) => T, shardKeys?: () => Iterable<string>): Promise<T> {
  refuseWhenOverloaded(deps.writer);
  // Keys are computed only in cluster mode: a single process does no extra work per command.
  if (shardKeys !== undefined && deps.writer.routing !== undefined) deps.writer.admitAll(shardKeys());
  const result = change(deps.clock.now());
  await deps.writer.acknowledge();
  return result;
}
