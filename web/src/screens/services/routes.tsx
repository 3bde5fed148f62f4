/** The fleet: the hierarchy (home screen) and a service's page. */
import type { NavSection } from '../../app/navigation';
import type { RouteDef } from '../../app/router';

export const routes: RouteDef[] = [];
export const nav: NavSection = { title: 'Fleet', items: [] };
