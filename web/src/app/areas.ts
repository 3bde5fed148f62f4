/** Every area of the console, in the order of the side navigation. */
import * as admin from '../screens/admin/routes';
import * as fleet from '../screens/fleet/routes';
import * as services from '../screens/services/routes';
import * as sla from '../screens/sla/routes';
import * as tickets from '../screens/tickets/routes';
import type { NavSection } from './navigation';
import type { RouteDef } from './router';

const areas = [fleet, services, sla, tickets, admin];

export const allRoutes: readonly RouteDef[] = areas.flatMap((area) => area.routes);
export const navSections: readonly NavSection[] = areas.map((area) => area.nav).filter((section) => section.items.length > 0);
