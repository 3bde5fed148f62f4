/**
 * Cluster mode: the entity a command names is in a shard this instance does not own (docs/adr/0061,
 * docs/adr/0067). Thrown before anything changes, so the request can go as it is to the shard's owner: the
 * gateway forwards it (src/platform/cluster/forwarding.ts). Where nothing forwards it (an upload, a request
 * that spans owners, a background step), it is the catalog's `Unavailable` with `Retry-After: 1`: a client that
 * retries lands on the owner once the shard has settled. Never a 500.
 */
import { AppError, ErrorCode } from './catalog.js';

export class ShardElsewhereError extends AppError {
  constructor(
    /** The shards the command needs that this instance does not own, ascending, without repeats. */
    readonly shards: readonly number[],
    /**
     * The other shards the command needs, which this instance does own: a command that needs both cannot go
     * whole to one other instance (the forwarder refuses it as split across owners rather than send it there).
     */
    readonly held: readonly number[] = [],
  ) {
    // No stack: this is the routing's answer, thrown for every command that arrives at a non-owner, and a stack
    // capture per forwarded command showed in its profile (docs/adr/0073). The message names the shards.
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(
      ErrorCode.Unavailable,
      `this instance does not own shard ${shards.join(', ')} (it is owned elsewhere or moving); nothing was applied, retry`,
      { 'retry-after': '1' },
    );
    Error.stackTraceLimit = limit;
    this.name = 'ShardElsewhereError';
  }
}
