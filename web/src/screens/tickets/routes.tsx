/** Tickets: the list, a ticket, creating one from the catalog. */
import { lazy } from 'react';
import type { NavSection } from '../../app/navigation';
import type { RouteDef } from '../../app/router';

const AllTickets = lazy(() => import('./TicketListScreen').then((m) => ({ default: m.AllTicketsScreen })));
const MyTickets = lazy(() => import('./TicketListScreen').then((m) => ({ default: m.MyTicketsScreen })));
const NewTicket = lazy(() => import('./NewTicketScreen'));
const TicketByNumber = lazy(() => import('./TicketByNumberScreen'));
const Ticket = lazy(() => import('./TicketScreen'));

// Fixed paths before `/tickets/:id`: the first matching route wins. Every screen needs the ticketing plugin.
export const routes: RouteDef[] = [
  { path: '/tickets', screen: AllTickets, title: 'Tickets', plugin: 'ticketing' },
  { path: '/tickets/mine', screen: MyTickets, title: 'My tickets', plugin: 'ticketing' },
  { path: '/tickets/new', screen: NewTicket, title: 'New ticket', plugin: 'ticketing' },
  { path: '/tickets/number/:number', screen: TicketByNumber, title: 'Ticket', plugin: 'ticketing' },
  { path: '/tickets/:id', screen: Ticket, title: 'Ticket', plugin: 'ticketing' },
];

export const nav: NavSection = {
  title: 'Tickets',
  items: [
    { label: 'All tickets', to: '/tickets', plugin: 'ticketing' },
    { label: 'My tickets', to: '/tickets/mine', plugin: 'ticketing' },
    { label: 'New ticket', to: '/tickets/new', plugin: 'ticketing' },
  ],
};
