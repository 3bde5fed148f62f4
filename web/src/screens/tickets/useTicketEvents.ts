/**
 * Live ticket changes for a screen. The server publishes every ticket event on the entity channel
 * of the ticket and on `ticket/all` (operators and admins only); people with the user role hear
 * about tickets they are part of through their notifications. Either way the event only says that
 * something changed: the screen re-asks for what it shows (so it never shows a ticket it may not
 * read), at most once per `QUIET_MS` when events come in bursts.
 */
import { useEffect, useRef, useState } from 'react';
import { useSubscription } from 'urql';
import { TICKET_EVENTS, TICKET_NOTIFICATIONS } from './documents';

export const QUIET_MS = 500;

/**
 * Calls `onChange` (debounced) when a ticket event arrives: of ticket `ticketId`, or of any ticket
 * when `ticketId` is 'all'. `useNotifications` adds the viewer's ticket notifications (comments
 * are announced only there). Returns how many events arrived, for an aria-live line.
 */
export function useTicketEvents(
  ticketId: string,
  onChange: () => void,
  options: { entityEvents: boolean; notifications: boolean },
): number {
  const [count, setCount] = useState(0);
  const latest = useRef(onChange);
  latest.current = onChange;
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const heard = () => {
    setCount((n) => n + 1);
    if (timer.current !== null) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      latest.current();
    }, QUIET_MS);
  };
  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );
  const [events] = useSubscription({ query: TICKET_EVENTS, variables: { entityId: ticketId }, pause: !options.entityEvents });
  const [notices] = useSubscription({ query: TICKET_NOTIFICATIONS, pause: !options.notifications });
  // Each event is a new object: the effects run once per event, not per render.
  const lastEvent = events.data?.entityEvents;
  useEffect(() => {
    if (lastEvent) heard();
  }, [lastEvent]);
  const lastNotice = notices.data?.notificationReceived.notification;
  useEffect(() => {
    if (lastNotice?.entityType !== 'ticket') return;
    if (ticketId !== 'all' && lastNotice.entityId?.toLowerCase() !== ticketId.toLowerCase()) return;
    heard();
  }, [lastNotice]);
  return count;
}
