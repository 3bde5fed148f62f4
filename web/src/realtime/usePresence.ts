/**
 * Presence on an entity page: subscribing to `entityViewersChanged` makes this person a viewer for
 * as long as the subscription lives (the server's rule), and each event is the full list. Reusable by
 * any page of an entity type the server knows (`realtimeEntityTypes`: service, sla-incident, ...).
 */
import { useMemo } from 'react';
import { useSubscription } from 'urql';
import type { CombinedError } from '@urql/core';
import { useViewer } from '../session/SessionContext';
import { otherViewers, type EntityViewerView } from './presence';
import { ViewersDocument } from './documents';

export interface Presence {
  /** Everyone watching, yourself included; null until the first event. */
  readonly viewers: readonly EntityViewerView[] | null;
  /** Everyone else, each person once. */
  readonly others: readonly EntityViewerView[];
  readonly error: CombinedError | undefined;
}

export function usePresence(entityType: string, entityId: string): Presence {
  const self = useViewer();
  const [result] = useSubscription({ query: ViewersDocument, variables: { entityType, entityId } });
  const viewers = result.data?.entityViewersChanged.viewers ?? null;
  const others = useMemo(() => otherViewers(viewers ?? [], self.id), [viewers, self.id]);
  return { viewers, others, error: result.error };
}
