/**
 * The machine endpoints a scoped agent key can be granted, by name (the path after `/api/v1/`),
 * and where each names its target. A scoped key must name a `nodeId` under its subtree; parts of a
 * body that reach beyond one node (an SLA group's members, a namespace, a service or window by id,
 * SLA group declarations) are refused to it. Endpoints that name no node (the node list, reports,
 * templates, licence activation) cannot be granted.
 */
import { AppError, ErrorCode } from '../../platform/errors/catalog.js';
import { nodePath, parseJsonObject, Warnings, type Json } from '../../core/protocol/fields.js';

interface EndpointRule {
  /** `query`: the `nodeId` query parameter; `body`: the body's `nodeId`; `reports`: each entry's `nodeId` of the body's `reports`. */
  readonly from: 'query' | 'body' | 'reports';
  /** Body fields a scoped key may not send (each widens the target beyond the named node). */
  readonly refused?: readonly string[];
}

export const AGENT_KEY_ENDPOINTS: Readonly<Record<string, EndpointRule>> = {
  'operator/services': { from: 'query' },
  'operator/register': { from: 'body' },
  'operator/status': { from: 'body', refused: ['slaGroups'] },
  'operator/heartbeat': { from: 'body' },
  'operator/command-result': { from: 'body' },
  'health/report': { from: 'body' },
  'health/report/batch': { from: 'reports' },
  'storage/report': { from: 'body' },
  'backup/report': { from: 'body', refused: ['slaGroup', 'namespace'] },
  'sla/exclusion-window/start': { from: 'body', refused: ['serviceId', 'windowId'] },
  'sla/exclusion-window/stop': { from: 'body', refused: ['serviceId', 'windowId'] },
};

export const AGENT_KEY_ENDPOINT_NAMES: readonly string[] = Object.keys(AGENT_KEY_ENDPOINTS);

const API_PREFIX = '/api/v1/';

/** The endpoint name of a request path, or undefined when it is not one a key can be granted. */
export function endpointName(path: string): string | undefined {
  if (!path.startsWith(API_PREFIX)) return undefined;
  const name = path.slice(API_PREFIX.length, path.length > API_PREFIX.length && path.endsWith('/') ? -1 : undefined);
  return Object.hasOwn(AGENT_KEY_ENDPOINTS, name) ? name : undefined;
}

/** True when `path` is `subtree` or a node below it. */
export function isUnder(path: string, subtree: string): boolean {
  return path === subtree || (path.length > subtree.length && path.startsWith(subtree) && path.charCodeAt(subtree.length) === 47) /* / */;
}

const forbidden = (message: string) => new AppError(ErrorCode.Forbidden, message);

/**
 * Throws FORBIDDEN unless the request names a node under `subtree` and nothing wider; a body that is
 * not JSON gets the same 400 the handler would give.
 */
export function admitTarget(name: string, subtree: string, query: URLSearchParams, body: Buffer): void {
  const rule = AGENT_KEY_ENDPOINTS[name];
  if (rule === undefined) throw forbidden(`this agent key may not call ${name}`);
  if (rule.from === 'reports') {
    admitReports(subtree, parseJsonObject(body)['reports']);
    return;
  }
  let raw: unknown;
  if (rule.from === 'query') {
    raw = query.get('nodeId');
  } else {
    const json: Json = parseJsonObject(body);
    for (const field of rule.refused ?? []) {
      const value = json[field];
      const present = Array.isArray(value) ? value.length > 0 : value !== undefined && value !== null;
      if (present)
        throw forbidden(
          `an agent key limited to "${subtree}" may not send "${field}" to ${name}: it reaches beyond one node; use the shared key or an admin`,
        );
    }
    raw = json['nodeId'];
  }
  if (raw === undefined || raw === null || raw === '') throw forbidden(`an agent key limited to "${subtree}" must name a nodeId under it`);
  const path = nodePath(raw, 'nodeId', new Warnings());
  if (!isUnder(path, subtree)) throw forbidden(`nodeId "${path}" is outside "${subtree}", the subtree this agent key is limited to`);
}

/**
 * A batch: every entry must name a node under `subtree`, or the whole request is refused (nothing of
 * it applies). Entries the handler will refuse anyway (not an object, an unreadable nodeId) are left
 * to it, so they are answered one by one as for any key.
 */
function admitReports(subtree: string, reports: unknown): void {
  if (!Array.isArray(reports)) return;
  reports.forEach((entry: unknown, index) => {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return;
    const raw = (entry as Json)['nodeId'];
    if (raw === undefined || raw === null || raw === '')
      throw forbidden(`reports[${index}]: an agent key limited to "${subtree}" must name a nodeId under it`);
    let path: string;
    try {
      path = nodePath(raw, 'nodeId', new Warnings());
    } catch {
      return;
    }
    if (!isUnder(path, subtree))
      throw forbidden(`reports[${index}]: nodeId "${path}" is outside "${subtree}", the subtree this agent key is limited to`);
  });
}
