/**
 * Roles and what each may do: the one authorization function every resolver and handler asks.
 * The permission table (every module's declared actions and their default roles) is every role's default; the policy engine (src/plugins/policy) sits behind it: a viewer
 * signed in while the engine runs carries its `access` (rules of their role and groups, environments),
 * which `can` and `authorize` consult instead of the table. Callers keep asking
 * `authorize(viewer, action)`; a check on one resource passes its place in the hierarchy (`nodePath`).
 */
import { AppError, ErrorCode } from '../../platform/errors/catalog.js';
import { isRole, ROLES, type PlaceGate, type Role, type Viewer } from '../../platform/gateway/viewer.js';
import type { Action, ActionsOf, PermissionDeclarations } from '../../platform/modules/permissions.js';

// Who is asking is the platform's (the gateway hands it to every handler); the rules below are the core's.
export { ROLES, isRole, type PlaceGate, type Role, type Viewer, type ViewerAccess } from '../../platform/gateway/viewer.js';
// What a module declares is the module contract's (the platform's); the core's actions fill its `ActionMap` below.
export type { Action, ActionMap, ActionsOf, PermissionDeclarations } from '../../platform/modules/permissions.js';

/** The viewer's place gate: null without environments, for admins not limited by a rule, and without the engine. */
export function placeGate(viewer: Viewer | null): PlaceGate | null {
  return viewer?.access?.scoped === true ? viewer.access.placeGate() : null;
}

/** Whether checks of this viewer depend on where a resource is (see `ViewerAccess.scoped`). */
export function placesMatter(viewer: Viewer | null): boolean {
  return viewer?.access?.scoped === true;
}

export const EVERYONE: readonly Role[] = ['admin', 'operator', 'user'];
export const STAFF: readonly Role[] = ['admin', 'operator'];
export const ADMIN: readonly Role[] = ['admin'];

/** The core's actions and their default roles; every plugin declares its own beside its module. */
export const CORE_PERMISSIONS = {
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
} as const satisfies PermissionDeclarations;

/**
 * The core's actions in the product's `ActionMap` (src/platform/modules/permissions.ts). A module that
 * declares permissions names their actions there too, beside its declaration (as domain events augment
 * `DomainEventMap`):
 *
 *     declare module '../../platform/modules/permissions.js' {
 *       interface ActionMap extends ActionsOf<typeof webhookPermissions> {}
 *     }
 */
declare module '../../platform/modules/permissions.js' {
  interface ActionMap extends ActionsOf<typeof CORE_PERMISSIONS> {}
}

/**
 * The permission table in force: every composed module's declarations, in module order
 * (`ModuleList.permissions()`, handed over by app.ts before the modules are created). One table for
 * the process: compositions add to it, and an action declared twice must keep its default roles.
 */
const table = new Map<string, readonly Role[]>();

export function usePermissions(declared: Iterable<readonly [string, readonly string[]]>): void {
  for (const [action, roles] of declared) {
    for (const role of roles)
      if (!isRole(role)) throw new Error(`permission ${action}: unknown role ${JSON.stringify(role)} (roles are ${ROLES.join(', ')})`);
    const known = table.get(action);
    if (known !== undefined && known.join() !== roles.join())
      throw new Error(`permission ${action} is declared with the roles ${roles.join(', ')} and with ${known.join(', ')}`);
    if (known === undefined) table.set(action, roles as readonly Role[]);
  }
}

/** The actions in force, in declaration order (the policy engine's tables are indexed by it). */
export function knownActions(): Action[] {
  return [...table.keys()] as Action[];
}

/** The role table alone: every role's default, and the decision while the policy engine is off. */
export function roleAllows(role: Role, action: Action): boolean {
  return table.get(action)?.includes(role) ?? false;
}

/** `nodePath`: the place of the resource acted on, for rules and access limited to an environment. */
export function can(viewer: Viewer | null, action: Action, nodePath?: string): boolean {
  if (viewer === null) return false;
  const access = viewer.access;
  return access === undefined ? roleAllows(viewer.role, action) : access.allows(action, nodePath);
}

/** Throws UNAUTHENTICATED without a viewer and FORBIDDEN when the policy refuses; returns the viewer. */
export function authorize(viewer: Viewer | null, action: Action, nodePath?: string): Viewer {
  if (viewer === null)
    throw new AppError(ErrorCode.Unauthenticated, 'sign in first: send Authorization: Bearer <accessToken> from the login mutation');
  if (!can(viewer, action, nodePath)) {
    if (viewer.access === undefined || roleAllows(viewer.role, action) === false)
      throw new AppError(ErrorCode.Forbidden, `role ${viewer.role} may not ${describe(action)}`);
    const where = nodePath === undefined ? '' : ` under ${nodePath}`;
    throw new AppError(
      ErrorCode.Forbidden,
      `a permission rule or environment access refuses you to ${describe(action)}${where}; ask an admin (permissionRules, groupEnvironmentAccess)`,
    );
  }
  return viewer;
}

/** Any signed-in person. */
export function requireViewer(viewer: Viewer | null): Viewer {
  if (viewer === null)
    throw new AppError(ErrorCode.Unauthenticated, 'sign in first: send Authorization: Bearer <accessToken> from the login mutation');
  return viewer;
}

function describe(action: Action): string {
  const [subject, verb] = action.split(':');
  if (subject === 'policy') return 'manage the access policy';
  return `${verb} ${subject}s`.replace('read-private', 'read private fields of').replace('manage-others', "manage other people's");
}
