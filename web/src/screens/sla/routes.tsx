/** SLA: the overview, definitions, groups, alerts, incidents, the daily report and the event log. */
import { lazy } from 'react';
import type { NavSection } from '../../app/navigation';
import type { RouteDef } from '../../app/router';

const DefinitionEdit = () => import('./DefinitionEditScreen');
const Overview = lazy(() => import('./OverviewScreen'));

// Every screen needs the sla plugin: while it is off, the shell shows the plugin's notice instead.
export const routes: RouteDef[] = [
  // Its own path for the side navigation (a parent path would mark Overview current on every SLA screen).
  { path: '/sla/overview', screen: Overview, title: 'SLA overview', plugin: 'sla' },
  { path: '/sla', screen: Overview, title: 'SLA overview', plugin: 'sla' },
  { path: '/sla/definitions', screen: lazy(() => import('./DefinitionsScreen')), title: 'SLA definitions', plugin: 'sla' },
  {
    path: '/sla/definitions/new',
    screen: lazy(() => DefinitionEdit().then((m) => ({ default: m.NewDefinitionScreen }))),
    title: 'New SLA definition',
    plugin: 'sla',
  },
  { path: '/sla/definitions/:id', screen: lazy(() => import('./DefinitionScreen')), title: 'SLA definition', plugin: 'sla' },
  { path: '/sla/definitions/:id/edit', screen: lazy(DefinitionEdit), title: 'Edit SLA definition', plugin: 'sla' },
  { path: '/sla/groups', screen: lazy(() => import('./GroupsScreen')), title: 'SLA groups', plugin: 'sla' },
  { path: '/sla/groups/:name', screen: lazy(() => import('./GroupScreen')), title: 'SLA group', plugin: 'sla' },
  { path: '/sla/alerts', screen: lazy(() => import('./AlertsScreen')), title: 'SLA alerts', plugin: 'sla' },
  { path: '/sla/incidents', screen: lazy(() => import('./IncidentsScreen')), title: 'SLA incidents', plugin: 'sla' },
  { path: '/sla/incidents/:id', screen: lazy(() => import('./IncidentScreen')), title: 'SLA incident', plugin: 'sla' },
  { path: '/sla/reports', screen: lazy(() => import('./DailyReportScreen')), title: 'Daily SLA report', plugin: 'sla' },
  { path: '/sla/events', screen: lazy(() => import('./EventLogScreen')), title: 'SLA event log', plugin: 'sla' },
];

export const nav: NavSection = {
  title: 'SLA',
  items: [
    { label: 'Overview', to: '/sla/overview', plugin: 'sla' },
    { label: 'Definitions', to: '/sla/definitions', plugin: 'sla' },
    { label: 'SLA groups', to: '/sla/groups', plugin: 'sla' },
    { label: 'Alerts', to: '/sla/alerts', plugin: 'sla' },
    { label: 'Incidents', to: '/sla/incidents', plugin: 'sla' },
    { label: 'Daily report', to: '/sla/reports', plugin: 'sla' },
    { label: 'Event log', to: '/sla/events', plugin: 'sla' },
  ],
};
