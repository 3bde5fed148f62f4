/**
 * The maintenance-window bodies of the machine API (SPEC.md "Exclusion windows"), both variants,
 * parsed once at the edge into typed requests. Variant A names the service by `service` + `nodeId`,
 * variant B by `serviceId`; the key present chooses (both at once is a 400). Times are ISO 8601
 * with a time zone (`Z` or an offset), so a window never ends at a time read in the server's zone.
 */
import { BodyFields, readBody, type Parsed } from '../../../core/protocol/bodyFields.js';
import { badRequest, nodePath, optionalText, serviceName, UNKNOWN_NODE, type Warnings, type Json } from '../../../core/protocol/fields.js';
import { isUuid } from './maintenanceWindowHistory.js';
import type { StartWindowRequest, StopWindowRequest, ServiceTarget } from './maintenanceWindowService.js';

export const MAX_REASON = 2048;

export type { Parsed } from '../../../core/protocol/bodyFields.js';

const present = (body: Json, field: string) => body[field] !== undefined && body[field] !== null && body[field] !== '';

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

/** An ISO 8601 timestamp with a zone (`2026-05-01T22:00:00Z`, `...+02:00`), as epoch ms; absent gives null. */
export function optionalTimestamp(value: unknown, label: string): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || !ISO_TIMESTAMP.test(value.trim())) {
    throw badRequest(`field "${label}" must be an ISO 8601 timestamp with a time zone, like 2026-05-01T22:00:00Z`);
  }
  const ms = Date.parse(value.trim());
  if (Number.isNaN(ms)) throw badRequest(`field "${label}" is not a valid date: ${value.slice(0, 64)}`);
  return ms;
}

/** An identifier given by a client (window and service ids are UUIDs). */
function identifier(value: unknown, label: string): string {
  if (typeof value !== 'string') throw badRequest(`field "${label}" must be a string`);
  const id = value.trim();
  if (!isUuid(id)) throw badRequest(`field "${label}" must be an id as returned by the server (a UUID)`);
  return id.toLowerCase();
}

/** The service of a body: `serviceId` (variant B) or `service` + `nodeId` (variant A). */
function serviceTarget(body: Json, warnings: Warnings): ServiceTarget {
  const byId = present(body, 'serviceId');
  const byName = present(body, 'service');
  if (byId && byName) throw badRequest('send either "serviceId" or "service" with "nodeId", not both');
  if (byId) return { kind: 'id', serviceId: identifier(body['serviceId'], 'serviceId') };
  if (!byName) throw badRequest('field "serviceId" (or "service" with "nodeId") is required');
  const name = serviceName(body['service'], 'service');
  if (!present(body, 'nodeId')) {
    warnings.add(`nodeId is missing; the service is looked up under the "${UNKNOWN_NODE}" node`);
    return { kind: 'path', nodePath: UNKNOWN_NODE, name };
  }
  return { kind: 'path', nodePath: nodePath(body['nodeId'], 'nodeId', warnings), name };
}

const START_FIELDS = new BodyFields(['service', 'nodeId', 'serviceId', 'reason', 'expectedEndAt']);
const STOP_FIELDS = new BodyFields(['windowId', 'service', 'nodeId', 'serviceId']);

export function parseStartWindow(body: Json): Parsed<StartWindowRequest> {
  return readBody(
    body,
    START_FIELDS,
    (body, warnings): StartWindowRequest => ({
      service: serviceTarget(body, warnings),
      reason: optionalText(body, 'reason', MAX_REASON, warnings),
      expectedEndAt: optionalTimestamp(body['expectedEndAt'], 'expectedEndAt'),
    }),
  );
}

export function parseStopWindow(body: Json): Parsed<StopWindowRequest> {
  return readBody(body, STOP_FIELDS, (body, warnings): StopWindowRequest => {
    if (present(body, 'windowId')) {
      if (present(body, 'service') || present(body, 'serviceId'))
        throw badRequest('send either "windowId" or the service ("service" with "nodeId"), not both');
      return { kind: 'window', windowId: identifier(body['windowId'], 'windowId') };
    }
    if (!present(body, 'service') && !present(body, 'serviceId'))
      throw badRequest('field "windowId" (or "service" with "nodeId") is required');
    return { kind: 'service', service: serviceTarget(body, warnings) };
  });
}
