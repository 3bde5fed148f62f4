/** Administration: people, sign-in providers, permission rules, webhooks, agent keys, licence, audit. */
import type { NavSection } from '../../app/navigation';
import type { RouteDef } from '../../app/router';

export const routes: RouteDef[] = [];
export const nav: NavSection = { title: 'Administration', items: [] };
