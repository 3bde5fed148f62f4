/**
 * State a module holds in memory that every instance of a cluster must see the same (docs/adr/0068): people,
 * sessions, the licence, settings. Commands that change it run on whichever instance received them (they are not
 * routed to a shard's owner), so each instance learns of the others' committed rows and applies them here.
 *
 * A module declares, per table it holds in memory, how a committed row reaches that memory (`ModuleInstance.shared`):
 *
 * - `SharedRows`: row by row, with the row-to-record code its hydration uses (a store keyed like its table: people,
 *   sessions). A row whose key has an uncommitted change here updates what a failed commit would go back to, not
 *   the change itself (`CommittedMap.adopt`).
 * - `SharedReload`: the module reads its tables again (small settings: the licence, policy rules, providers).
 *
 * Nothing of this runs in single-process mode: the declarations are only read by cluster mode's sync
 * (src/platform/cluster/sharedStateSync.ts).
 */
import type { Row } from '../persistence/tableSpec.js';

/** Row by row: `apply` a committed full row or patch, `remove` a committed delete (its key columns). */
export interface SharedRows {
  readonly table: string;
  apply(row: Row, patch: boolean): void;
  remove(key: Row): void;
}

/** The module reads these tables again after another instance committed rows of any of them. */
export interface SharedReload {
  readonly tables: readonly string[];
  reload(): Promise<void>;
}

export type SharedDeclaration = SharedRows | SharedReload;

export function isSharedReload(declaration: SharedDeclaration): declaration is SharedReload {
  return 'reload' in declaration;
}

/** What a module may ask of cluster mode's sync (`ModuleKit.sharedState`; undefined in single-process mode). */
export interface SharedStateAccess {
  /**
   * Applies here whatever other instances committed to these tables until now (one query): before a decision that
   * must see the latest committed state, such as a refresh token's rotation or a token whose session is unknown here.
   */
  catchUp(tables: readonly string[]): Promise<void>;
}
