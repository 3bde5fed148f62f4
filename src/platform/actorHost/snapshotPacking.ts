/**
 * An entity type may keep less than an XState snapshot per entity: at a million services the snapshot object and its
 * context were 184 of the 1,700 bytes a service cost (issue 31, docs/adr/0082). A packing keeps a smaller value from
 * which the host rebuilds the snapshot when it steps the entity or a caller asks for it; snapshots it cannot rebuild
 * it keeps as they are. The rebuilt snapshot must be one the machine behaves the same from.
 */
export interface SnapshotPacking<S, K> {
  /** The value kept for `snapshot` (`K` holds `S` too): a smaller one when `unpack` rebuilds it from that, else `snapshot`. */
  pack(snapshot: S): K;
  /** The snapshot of a kept value: rebuilt from a packed one; a kept snapshot as it is. */
  unpack(kept: K): S;
}
