/**
 * Which payload group of the fan-out hub a subscriber joins: a shared one, the same for everyone with the same
 * role and policy access, executed with a context that carries nobody's identity; or a personal one, executed with
 * the person's own context. Kept apart from the realtime service because it is the one place that decides what a
 * shared payload may know, and the cache of shared contexts is its own state.
 */
import type { Viewer } from '../../core/auth/roles.js';
import type { JoinRequest } from './fanoutHub.js';
import type { SubscriptionScope } from './subscriptionScope.js';

export type Visibility = 'shared' | 'personal';

export class PayloadGroups {
  private readonly roleContexts = new Map<string, unknown>();

  /** `contextFor`: the GraphQL context payloads execute with for a viewer. */
  constructor(private readonly contextFor: (viewer: Viewer) => unknown) {}

  joinRequest(scope: SubscriptionScope, channel: string, visibility: Visibility, viewer: Viewer): JoinRequest {
    return {
      channel,
      socket: scope.connection.socket,
      subscriptionId: scope.subscriptionId,
      document: scope.document,
      documentKey: scope.documentKey,
      operationName: scope.operationName,
      variables: scope.variables,
      visibility: visibility === 'shared' ? sharedKey(viewer) : `user:${viewer.userId}`,
      contextValue: visibility === 'shared' ? this.sharedContext(viewer) : this.contextFor(viewer),
    };
  }

  /**
   * A context with the role and the policy's access (the same for everyone of a role and set of
   * groups) but nobody's identity: shared payloads never carry self-only data.
   */
  private sharedContext(viewer: Viewer): unknown {
    const key = sharedKey(viewer);
    let context = this.roleContexts.get(key);
    if (context === undefined) {
      const { role, access } = viewer;
      context = this.contextFor(
        access === undefined
          ? { userId: '', username: '', role, sessionId: '' }
          : { userId: '', username: '', role, sessionId: '', access },
      );
      if (this.roleContexts.size > 10_000) this.roleContexts.clear();
      this.roleContexts.set(key, context);
    }
    return context;
  }
}

/** Who sees the same shared payload: everyone with the same policy access, or (engine off) the same role. */
function sharedKey(viewer: Viewer): string {
  return viewer.access === undefined ? `role:${viewer.role}` : `access:${viewer.access.key}`;
}
