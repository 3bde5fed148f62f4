/**
 * Channel names: which subscribers an event reaches. One event may go to several channels (a
 * status change reaches "every service", "this service" and "everything under each node above
 * it"); every subscription listens on exactly one. Named streams' channels are their modules'
 * (`ProductModule.streams`: `license`, `notifications:<userId>`).
 */
import { AppError, ErrorCode } from '../../platform/errors/catalog.js';

export const channels = {
  allServiceStatus: 'service-status:*',
  serviceStatus: (serviceId: string) => `service-status:id:${serviceId}`,
  serviceStatusUnder: (nodePath: string) => `service-status:node:${nodePath}`,
  entity: (entityKey: string) => `entity:${entityKey}`,
  viewers: (entityKey: string) => `viewers:${entityKey}`,
  locks: (entityKey: string) => `locks:${entityKey}`,
} as const;

/** `a/b/c` -> `a`, `a/b`, `a/b/c`: the nodes a service under `a/b/c` is below. */
export function nodeAncestry(nodePath: string): string[] {
  const segments = nodePath.split('/');
  const paths: string[] = [];
  for (let i = 1; i <= segments.length; i += 1) paths.push(segments.slice(0, i).join('/'));
  return paths;
}

/** The node a service at `servicePath` sits under (`a/b/svc` -> `a/b`). */
export function parentPath(servicePath: string): string {
  const slash = servicePath.lastIndexOf('/');
  return slash < 0 ? servicePath : servicePath.slice(0, slash);
}

/** A subscription's node path, trimmed of empty segments; a path that names no node is refused. */
export function cleanNodePath(nodePath: string): string {
  const path = nodePath
    .split('/')
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .join('/');
  if (path === '' || path.length > 1536)
    throw new AppError(ErrorCode.BadRequest, 'nodePath must be a hierarchy path like "region/env/cluster"');
  return path;
}
