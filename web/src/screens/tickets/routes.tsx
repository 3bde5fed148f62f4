/** Tickets: the list, a ticket, creating one from the catalog. */
import type { NavSection } from '../../app/navigation';
import type { RouteDef } from '../../app/router';

export const routes: RouteDef[] = [];
export const nav: NavSection = { title: 'Tickets', items: [] };
