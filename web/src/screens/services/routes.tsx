/** A service: its page (status, replicas, dependencies, backups, storage, SLA, trends, incidents, maintenance windows), with presence and edit locks. */
import { lazy } from 'react';
import type { NavSection } from '../../app/navigation';
import type { RouteDef } from '../../app/router';

export const routes: RouteDef[] = [{ path: '/services/:id', screen: lazy(() => import('./ServicePage')), title: 'Service' }];
// No side-navigation item: a service is reached from the hierarchy (and from its dependencies).
export const nav: NavSection = { title: 'Services', items: [] };
