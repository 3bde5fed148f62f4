/**
 * Roles and what each may do: the one authorization function every resolver and handler asks.
 * The identity issue grows this table into a policy engine (groups, environments, field rules);
 * callers keep asking `authorize(viewer, action)`.
 */
import { AppError, ErrorCode } from '../errors/catalog.js';

export const ROLES = ['admin', 'operator', 'user'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** A signed-in person, as every request sees them. */
export interface Viewer {
  readonly userId: string;
  readonly username: string;
  readonly role: Role;
  readonly sessionId: string;
}

const EVERYONE: readonly Role[] = ['admin', 'operator', 'user'];
const STAFF: readonly Role[] = ['admin', 'operator'];
const ADMIN: readonly Role[] = ['admin'];

/** Each action and the roles allowed to perform it. */
export const PERMISSIONS = {
  'directory:read': EVERYONE,
  'user:read-private': ADMIN,
  'user:manage': ADMIN,
  'group:manage': ADMIN,
  'session:manage-others': ADMIN,
  'service:read': EVERYONE,
  'service:write': STAFF,
  'service:delete': STAFF,
  'node:read': EVERYONE,
  'node:delete': ADMIN,
  'agent:read': EVERYONE,
  'agent:command': STAFF,
  'dashboard:read': EVERYONE,
  'search:read': EVERYONE,
  'license:read': EVERYONE,
  'license:manage': ADMIN,
  'audit:read': ADMIN,
  'webhook:read': STAFF,
  'webhook:read-private': ADMIN,
  'webhook:manage': ADMIN,
  'sla:read': EVERYONE,
  'sla:write': STAFF,
  'exclusion-window:read': EVERYONE,
  'exclusion-window:write': STAFF,
  'agent-key:manage': ADMIN,
  // Ticketing: every signed-in person may use the plugin; who may read or change one ticket is
  // decided per ticket (docs/ticketing-roles.md, src/ticketing/core/ticketAccess.ts).
  'ticket:read': EVERYONE,
  'ticket:create': EVERYONE,
} as const satisfies Record<string, readonly Role[]>;
export type Action = keyof typeof PERMISSIONS;

export function can(viewer: Viewer | null, action: Action): boolean {
  return viewer !== null && (PERMISSIONS[action] as readonly Role[]).includes(viewer.role);
}

/** Throws UNAUTHENTICATED without a viewer and FORBIDDEN when the role may not act; returns the viewer. */
export function authorize(viewer: Viewer | null, action: Action): Viewer {
  if (viewer === null) throw new AppError(ErrorCode.Unauthenticated, 'sign in first: send Authorization: Bearer <accessToken> from the login mutation');
  if (!can(viewer, action)) throw new AppError(ErrorCode.Forbidden, `role ${viewer.role} may not ${describe(action)}`);
  return viewer;
}

/** Any signed-in person. */
export function requireViewer(viewer: Viewer | null): Viewer {
  if (viewer === null) throw new AppError(ErrorCode.Unauthenticated, 'sign in first: send Authorization: Bearer <accessToken> from the login mutation');
  return viewer;
}

function describe(action: Action): string {
  const [subject, verb] = action.split(':');
  return `${verb} ${subject}s`.replace('read-private', 'read private fields of').replace('manage-others', "manage other people's");
}
