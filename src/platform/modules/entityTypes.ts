/**
 * The kinds of entity people watch, lock and subscribe to, with who may read and edit each: a
 * registry of the module contract (`ProductModule.entityTypes`, registered by the composer). The core
 * registers services, users and groups (src/core/coreEntityTypes.ts); plugins register theirs
 * (tickets, SLA definitions), so the live updates plugin's generic subscriptions, presence and edit
 * locks (src/plugins/realtime) work for them without changes there.
 */
import type { Action } from './permissions.js';
import { AppError, ErrorCode } from '../errors/catalog.js';
import type { Viewer } from '../gateway/viewer.js';
import type { PluginName } from './pluginNames.js';

export interface EntityType {
  readonly name: string;
  /** Needed to watch it, see its viewers and locks, and receive its events. */
  readonly read: Action;
  /** Needed to take an edit lock on one of its fields. */
  readonly write: Action;
  exists(id: string): boolean;
  /** Where the entity sits in the node hierarchy, for environment access (services); absent: nowhere in particular. */
  placeOf?(id: string): string | undefined;
  /**
   * Whether this person may watch this one entity, for types whose readers differ per entity (a
   * ticket: its requester, assignee, group, staff). Absent: the `read` action decides alone.
   */
  readonly mayRead?: (viewer: Viewer, id: string) => boolean;
  /**
   * The plugin whose module registered the type (set by the composer from the module's `plugin`,
   * never by the module): while it is inactive the type is refused, and subscriptions already
   * watching an entity of it end (src/plugins/realtime/pluginStreams.ts).
   */
  readonly plugin?: PluginName;
  /**
   * The type has a collection-wide id, `all` (`COLLECTION_ID`; `*` is read as the same): an
   * `entityEvents` subscription to it carries the events of every entity of the type. Its `exists`
   * and `mayRead` answer for `all` too.
   */
  readonly collection?: boolean;
  /** How many the module holds in memory now (metrics: `svc_entities{type}`); absent: not counted. */
  readonly held?: () => number;
}

/** The id that names every entity of a type with a collection (`EntityType.collection`). */
export const COLLECTION_ID = 'all';
/** What clients also try for "every entity"; read as `COLLECTION_ID`. */
export const COLLECTION_ALIAS = '*';

export const MAX_ENTITY_ID_LENGTH = 200;

export class EntityTypeRegistry {
  private readonly types = new Map<string, EntityType>();

  register(type: EntityType): void {
    if (this.types.has(type.name)) throw new Error(`entity type ${type.name} is registered twice`);
    this.types.set(type.name, type);
  }

  /** The type and id of an existing entity, or a BAD_REQUEST / NOT_FOUND a person can act on. */
  resolve(typeName: string, id: string): EntityType {
    const type = this.types.get(typeName);
    if (!type) throw new AppError(ErrorCode.BadRequest, `unknown entityType "${typeName}"; known: ${this.names().join(', ')}`);
    if (id.length === 0 || id.length > MAX_ENTITY_ID_LENGTH)
      throw new AppError(ErrorCode.BadRequest, `entityId must be 1 to ${MAX_ENTITY_ID_LENGTH} characters`);
    if (!type.exists(id)) {
      if (!type.collection && (id === COLLECTION_ID || id === COLLECTION_ALIAS)) {
        const collections = this.collections();
        throw new AppError(
          ErrorCode.NotFound,
          `${typeName} has no collection-wide id; entityId "${COLLECTION_ID}" (or "${COLLECTION_ALIAS}") names every entity of ${collections.length === 0 ? 'no type here' : collections.join(', ')}`,
        );
      }
      throw new AppError(ErrorCode.NotFound, `${typeName} ${id} does not exist`);
    }
    return type;
  }

  /** The id as the type knows it: `*` is `all` for a type with a collection (see `EntityType.collection`). */
  entityId(typeName: string, id: string): string {
    return id === COLLECTION_ALIAS && this.types.get(typeName)?.collection === true ? COLLECTION_ID : id;
  }

  /** The types with a collection-wide id, by name. */
  collections(): string[] {
    return this.names().filter((name) => this.types.get(name)!.collection === true);
  }

  /** `read` first, then the type's own per-entity rule; NOT_FOUND (not FORBIDDEN) so an entity is not revealed. */
  assertMayRead(type: EntityType, viewer: Viewer, typeName: string, id: string): void {
    if (type.mayRead && !type.mayRead(viewer, id)) throw new AppError(ErrorCode.NotFound, `${typeName} ${id} does not exist`);
  }

  names(): string[] {
    return [...this.types.keys()].sort();
  }

  /** Every registered type, by name. */
  all(): EntityType[] {
    return this.names().map((name) => this.types.get(name)!);
  }
}
