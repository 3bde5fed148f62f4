/** The fleet: the hierarchy of nodes with live statuses (the home screen), search, filters and saved filters. */
import { lazy } from 'react';
import type { NavSection } from '../../app/navigation';
import type { RouteDef } from '../../app/router';

export const routes: RouteDef[] = [{ path: '/', screen: lazy(() => import('./HierarchyScreen')), title: 'Hierarchy' }];
export const nav: NavSection = { title: 'Fleet', items: [{ label: 'Hierarchy', to: '/' }] };
