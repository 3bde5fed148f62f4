/** Who else is watching an entity: the viewers list without yourself, in the order they arrived. */
import type { RealtimeEntityViewersSubscription } from '../gql/graphql';

export type EntityViewerView = RealtimeEntityViewersSubscription['entityViewersChanged']['viewers'][number];

export function otherViewers(viewers: readonly EntityViewerView[], selfUserId: string): EntityViewerView[] {
  const seen = new Set<string>();
  const others: EntityViewerView[] = [];
  const ordered = [...viewers].sort((a, b) => Date.parse(a.since) - Date.parse(b.since));
  for (const viewer of ordered) {
    // One person with two tabs is one viewer.
    if (viewer.userId === selfUserId || seen.has(viewer.userId)) continue;
    seen.add(viewer.userId);
    others.push(viewer);
  }
  return others;
}
