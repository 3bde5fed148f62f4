/** A service: its page (status, replicas, dependencies, backups, storage, SLA, trends, incidents, maintenance windows), with presence and edit locks. */
import type { NavSection } from '../../app/navigation';
import type { RouteDef } from '../../app/router';

export const routes: RouteDef[] = [];
export const nav: NavSection = { title: 'Services', items: [] };
