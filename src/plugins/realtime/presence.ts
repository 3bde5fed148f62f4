/**
 * Who is watching which entity (`user:viewing`). A person is a viewer while at least one of their
 * `entityViewersChanged` subscriptions on that entity lives; two tabs of one person list them once,
 * since their first. Pure state; the realtime service announces changes.
 */
export interface ViewerEntry {
  readonly userId: string;
  readonly username: string;
  /** Epoch ms of their earliest live watch. */
  readonly since: number;
}

/** `entityViewersChanged`: who watches one entity, and whether each is editing. */
export interface ViewersPayload {
  readonly event: 'user:viewing';
  readonly entityType: string;
  readonly entityId: string;
  readonly viewers: readonly { userId: string; username: string; since: number; editing: boolean }[];
}

interface Watch {
  readonly userId: string;
  readonly username: string;
  readonly since: number;
}

export class PresenceTable {
  /** entity key -> watch token -> watch */
  private readonly byEntity = new Map<string, Map<symbol, Watch>>();

  /** Start watching; returns the token that ends this watch. */
  watch(entityKey: string, userId: string, username: string, now: number): symbol {
    let watches = this.byEntity.get(entityKey);
    if (!watches) {
      watches = new Map();
      this.byEntity.set(entityKey, watches);
    }
    const token = Symbol(userId);
    watches.set(token, { userId, username, since: now });
    return token;
  }

  /** End a watch; true when that changed the list of viewers (their last watch on the entity). */
  unwatch(entityKey: string, token: symbol): boolean {
    const watches = this.byEntity.get(entityKey);
    const watch = watches?.get(token);
    if (!watches || !watch) return false;
    watches.delete(token);
    if (watches.size === 0) this.byEntity.delete(entityKey);
    for (const other of watches.values()) if (other.userId === watch.userId) return false;
    return true;
  }

  /** Whether this watch is the person's first on the entity (so the list changed when it began). */
  isOnlyWatchOf(entityKey: string, token: symbol): boolean {
    const watches = this.byEntity.get(entityKey);
    const watch = watches?.get(token);
    if (!watches || !watch) return false;
    for (const [other, w] of watches) if (other !== token && w.userId === watch.userId) return false;
    return true;
  }

  /** Viewers of an entity, one entry per person, earliest first. */
  viewersOf(entityKey: string): ViewerEntry[] {
    const watches = this.byEntity.get(entityKey);
    if (!watches) return [];
    const byUser = new Map<string, ViewerEntry>();
    for (const w of watches.values()) {
      const seen = byUser.get(w.userId);
      if (!seen || w.since < seen.since) byUser.set(w.userId, { userId: w.userId, username: w.username, since: w.since });
    }
    return [...byUser.values()].sort((a, b) => a.since - b.since || (a.username < b.username ? -1 : 1));
  }
}
