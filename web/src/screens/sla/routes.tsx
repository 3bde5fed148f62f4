/** SLA: definitions, groups, alerts and the daily report. */
import type { NavSection } from '../../app/navigation';
import type { RouteDef } from '../../app/router';

export const routes: RouteDef[] = [];
export const nav: NavSection = { title: 'SLA', items: [] };
