/**
 * Roles and what each may do: the one authorization function every resolver and handler asks.
 * The table below is every role's default; the policy engine (src/plugins/policy) sits behind it: a viewer
 * signed in while the engine runs carries its `access` (rules of their role and groups, environments),
 * which `can` and `authorize` consult instead of the table. Callers keep asking
 * `authorize(viewer, action)`; a check on one resource passes its place in the hierarchy (`nodePath`).
 */
import { AppError, ErrorCode } from '../../platform/errors/catalog.js';
import type { PlaceGate, Role, Viewer } from '../../platform/gateway/viewer.js';

// Who is asking is the platform's (the gateway hands it to every handler); the rules below are the core's.
export { ROLES, isRole, type PlaceGate, type Role, type Viewer, type ViewerAccess } from '../../platform/gateway/viewer.js';

/** The viewer's place gate: null without environments, for admins not limited by a rule, and without the engine. */
export function placeGate(viewer: Viewer | null): PlaceGate | null {
  return viewer?.access?.scoped === true ? viewer.access.placeGate() : null;
}

/** Whether checks of this viewer depend on where a resource is (see `ViewerAccess.scoped`). */
export function placesMatter(viewer: Viewer | null): boolean {
  return viewer?.access?.scoped === true;
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
  'auth-provider:manage': ADMIN,
  // The policy itself (src/plugins/policy): never changed by a permission rule, so an admin cannot lock the admins out.
  'policy:manage': ADMIN,
  'workflow:read': STAFF,
  // Ticketing: every signed-in person may use the plugin; who may read or change one ticket is
  // decided per ticket (docs/ticketing-roles.md, src/plugins/ticketing/core/ticketAccess.ts).
  'ticket:read': EVERYONE,
  'ticket:create': EVERYONE,
  // Each ticket action is also a policy action, so permission rules can take it away from a role or
  // a group (docs/access.md): the per-ticket standing still decides within what the policy allows.
  'ticket:update': EVERYONE,
  'ticket:comment': EVERYONE,
  'ticket:transition': EVERYONE,
  'ticket:assign': EVERYONE,
  'ticket:delete': STAFF,
  'ticket:restore': ADMIN,
  'ticket:attach': EVERYONE,
  'ticket:watch': EVERYONE,
  'ticket:link': EVERYONE,
  'ticket:log-work': EVERYONE,
} as const satisfies Record<string, readonly Role[]>;
export type Action = keyof typeof PERMISSIONS;

/** The role table alone: every role's default, and the decision while the policy engine is off. */
export function roleAllows(role: Role, action: Action): boolean {
  return (PERMISSIONS[action] as readonly Role[] | undefined)?.includes(role) ?? false;
}

/** `nodePath`: the place of the resource acted on, for rules and access limited to an environment. */
export function can(viewer: Viewer | null, action: Action, nodePath?: string): boolean {
  if (viewer === null) return false;
  const access = viewer.access;
  return access === undefined ? roleAllows(viewer.role, action) : access.allows(action, nodePath);
}

/** Throws UNAUTHENTICATED without a viewer and FORBIDDEN when the policy refuses; returns the viewer. */
export function authorize(viewer: Viewer | null, action: Action, nodePath?: string): Viewer {
  if (viewer === null) throw new AppError(ErrorCode.Unauthenticated, 'sign in first: send Authorization: Bearer <accessToken> from the login mutation');
  if (!can(viewer, action, nodePath)) {
    if (viewer.access === undefined || roleAllows(viewer.role, action) === false) throw new AppError(ErrorCode.Forbidden, `role ${viewer.role} may not ${describe(action)}`);
    const where = nodePath === undefined ? '' : ` under ${nodePath}`;
    throw new AppError(ErrorCode.Forbidden, `a permission rule or environment access refuses you to ${describe(action)}${where}; ask an admin (permissionRules, groupEnvironmentAccess)`);
  }
  return viewer;
}

/** Any signed-in person. */
export function requireViewer(viewer: Viewer | null): Viewer {
  if (viewer === null) throw new AppError(ErrorCode.Unauthenticated, 'sign in first: send Authorization: Bearer <accessToken> from the login mutation');
  return viewer;
}

function describe(action: Action): string {
  const [subject, verb] = action.split(':');
  if (subject === 'policy') return 'manage the access policy';
  return `${verb} ${subject}s`.replace('read-private', 'read private fields of').replace('manage-others', "manage other people's");
}
