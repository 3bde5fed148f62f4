/**
 * Helpers over a viewer's place gate (roles.ts `placeGate`), so that every list, count and aggregate
 * of services applies the environment gate the same way. Each takes the gate the caller asked for once
 * per call; a null gate (no environments) returns its input untouched, without a check per item.
 */
import type { AppError } from '../../platform/errors/catalog.js';
import { authorize, placeGate, placesMatter, type Action, type PlaceGate, type Viewer } from './roles.js';

interface Placed {
  readonly id: string;
  readonly nodePath: string;
}

/** The items (services, agents by their node) whose place the gate admits; `items` itself when the gate is null. */
export function admitted<T>(gate: PlaceGate | null, items: readonly T[], placeOf: (item: T) => string): readonly T[] {
  return gate === null ? items : items.filter((item) => gate.admits(placeOf(item)));
}

/** Services of `all` the gate admits (a fresh array either way). */
export function visibleServices<S extends Placed>(gate: PlaceGate | null, all: Iterable<S>): S[] {
  const out: S[] = [];
  for (const s of all) if (gate === null || gate.admits(s.nodePath)) out.push(s);
  return out;
}

/**
 * Ids of services the gate refuses (empty for a null gate): what queries of history tables leave out
 * (`service_id <> all(?)`), so that records of services in no known place (deleted) stay as they were.
 */
export function hiddenServiceIds(gate: PlaceGate | null, all: Iterable<Placed>): string[] {
  if (gate === null) return [];
  const out: string[] = [];
  for (const s of all) if (!gate.admits(s.nodePath)) out.push(s.id);
  return out;
}

/** Whether the gate admits the service with this id; a service that does not exist (deleted) lies in no environment. */
export function admitsService(gate: PlaceGate | null, services: { get(id: string): Placed | undefined }, id: string | null): boolean {
  if (gate === null || id === null) return true;
  const service = services.get(id);
  return service === undefined || gate.admits(service.nodePath);
}

/**
 * A write to a record by its id (an incident, an alert, a window) at the place of the record's
 * service: throws NOT_FOUND (`notFound`) when the viewer's environments hide that service, as for a
 * record that does not exist, and FORBIDDEN when a rule refuses the action there. A viewer whose checks
 * do not depend on places costs no lookup.
 */
export async function authorizeAtRecord(
  viewer: Viewer | null,
  action: Action,
  services: { get(id: string): Placed | undefined },
  serviceIdOf: () => Promise<string | null | undefined>,
  notFound: () => AppError,
): Promise<Viewer> {
  const checked = authorize(viewer, action);
  if (!placesMatter(checked)) return checked;
  const serviceId = await serviceIdOf();
  const place = serviceId == null ? undefined : services.get(serviceId)?.nodePath;
  if (place === undefined) return checked;
  if (!admitsService(placeGate(checked), services, serviceId!)) throw notFound();
  return authorize(checked, action, place);
}
