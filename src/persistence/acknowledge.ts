/**
 * "Acknowledge after commit" (DESIGN.md) for any caller: refuse before changing anything when the
 * database is not keeping up, apply the change to the in-memory state, wait for its group commit.
 */
import { AppError, ErrorCode } from '../errors/catalog.js';
import type { BatchWriter } from './batchWriter.js';

export function refuseWhenOverloaded(writer: BatchWriter): void {
  if (writer.overloaded) throw new AppError(ErrorCode.Unavailable, 'the database is not keeping up with writes; retry shortly', { 'retry-after': '1' });
}

export async function applyAndCommit<T>(writer: BatchWriter, change: () => T): Promise<T> {
  refuseWhenOverloaded(writer);
  const result = change();
  await writer.acknowledge();
  return result;
}
