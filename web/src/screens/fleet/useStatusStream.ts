/**
 * Every service status change, as batches: the subscription's handler only appends to a bounded
 * window of numbered events (a pure reducer, as urql runs it inside a state update); an effect after
 * each render hands the events it has not seen, coalesced per service, to `onChanges`. When more
 * arrived between two renders than the window holds, `onGap` is called so the caller re-queries.
 */
import { useEffect, useRef } from 'react';
import { useSubscription, type CombinedError } from 'urql';
import { STATUS_CHANGES, type StatusChangeData } from './documents';
import { coalesceChanges, type StatusChange } from './statusCounts';

const WINDOW = 2000;

interface Received {
  readonly seq: number;
  readonly events: readonly { readonly seq: number; readonly change: StatusChange }[];
}

export function receive(previous: Received | undefined, data: StatusChangeData): Received {
  const seq = (previous?.seq ?? 0) + 1;
  const e = data.serviceStatusChanged;
  const change: StatusChange = {
    serviceId: e.serviceId,
    previousStatus: e.previousStatus,
    status: e.status,
    message: e.message,
    changedAt: e.changedAt,
    nodeId: e.service?.nodeId ?? null,
  };
  const events = [...(previous?.events ?? []), { seq, change }];
  return { seq, events: events.length > WINDOW ? events.slice(events.length - WINDOW) : events };
}

/** The events after `seen`, and whether some of them fell out of the window. */
export function unseen(received: Received, seen: number): { changes: StatusChange[]; gap: boolean } {
  const fresh = received.events.filter((e) => e.seq > seen);
  const gap = fresh.length > 0 && fresh[0]!.seq > seen + 1;
  return { changes: fresh.map((e) => e.change), gap };
}

export function useStatusStream(onChanges: (changes: StatusChange[]) => void, onGap: () => void): { error: CombinedError | undefined } {
  const [result] = useSubscription({ query: STATUS_CHANGES }, receive);
  const seen = useRef(0);
  const handlers = useRef({ onChanges, onGap });
  handlers.current = { onChanges, onGap };
  const received = result.data;
  useEffect(() => {
    if (!received || received.seq <= seen.current) return;
    const { changes, gap } = unseen(received, seen.current);
    seen.current = received.seq;
    if (changes.length > 0) handlers.current.onChanges(coalesceChanges(changes));
    if (gap) handlers.current.onGap();
  }, [received]);
  return { error: result.error };
}
