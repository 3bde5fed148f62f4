/** SLA: the overview, definitions, groups, alerts, incidents, the daily report and the event log. */
import { lazy } from 'react';
import type { NavSection } from '../../app/navigation';
import type { RouteDef } from '../../app/router';

const DefinitionEdit = () => import('./DefinitionEditScreen');
const Overview = lazy(() => import('./OverviewScreen'));

export const routes: RouteDef[] = [
  // Its own path for the side navigation (a parent path would mark Overview current on every SLA screen).
  { path: '/sla/overview', screen: Overview, title: 'SLA overview' },
  { path: '/sla', screen: Overview, title: 'SLA overview' },
  { path: '/sla/definitions', screen: lazy(() => import('./DefinitionsScreen')), title: 'SLA definitions' },
  { path: '/sla/definitions/new', screen: lazy(() => DefinitionEdit().then((m) => ({ default: m.NewDefinitionScreen }))), title: 'New SLA definition' },
  { path: '/sla/definitions/:id', screen: lazy(() => import('./DefinitionScreen')), title: 'SLA definition' },
  { path: '/sla/definitions/:id/edit', screen: lazy(DefinitionEdit), title: 'Edit SLA definition' },
  { path: '/sla/groups', screen: lazy(() => import('./GroupsScreen')), title: 'SLA groups' },
  { path: '/sla/groups/:name', screen: lazy(() => import('./GroupScreen')), title: 'SLA group' },
  { path: '/sla/alerts', screen: lazy(() => import('./AlertsScreen')), title: 'SLA alerts' },
  { path: '/sla/incidents', screen: lazy(() => import('./IncidentsScreen')), title: 'SLA incidents' },
  { path: '/sla/incidents/:id', screen: lazy(() => import('./IncidentScreen')), title: 'SLA incident' },
  { path: '/sla/reports', screen: lazy(() => import('./DailyReportScreen')), title: 'Daily SLA report' },
  { path: '/sla/events', screen: lazy(() => import('./EventLogScreen')), title: 'SLA event log' },
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
