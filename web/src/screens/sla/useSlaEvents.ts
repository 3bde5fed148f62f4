/**
 * Every `sla:alert` and `sla:incident` as it happens, from the plugin's `sla`/`all` entity channel
 * (src/plugins/sla/slaEvents.ts). Screens use it to change what they show the moment it changes.
 */
import type { SlaLiveEventsSubscription } from '../../gql/graphql';
import { useCallback, useEffect, useRef } from 'react';
import { useSubscription, type CombinedError } from 'urql';
import { SLA_EVENTS } from './documents';

export type SlaLiveEvent = SlaLiveEventsSubscription['entityEvents'];

/** Its error, when the live feed failed (the screen says so: what it shows may then be stale). */
export function useSlaEvents(onEvent: (event: SlaLiveEvent) => void, pause = false): CombinedError | undefined {
  const handler = useRef(onEvent);
  handler.current = onEvent;
  const [result] = useSubscription({ query: SLA_EVENTS, pause });
  const latest = result.data?.entityEvents;
  useEffect(() => {
    if (latest) handler.current(latest);
  }, [latest]);
  return pause ? undefined : result.error;
}

/**
 * `fn` at most once per `ms`: a burst of events (a node going down takes many services with it)
 * becomes one re-query, run at the end of the burst's first window.
 */
export function useCoalesced(fn: () => void, ms = 500): () => void {
  const latest = useRef(fn);
  latest.current = fn;
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return useCallback(() => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      latest.current();
    }, ms);
  }, [ms]);
}
