/**
 * Who is asking: a signed-in person as every request sees them, the gateway's authenticated routes
 * and POST /graphql hand their handlers. The platform carries it and decides nothing with it: the
 * role table and the checks (`authorize`, `can`) are the core's (src/core/auth/roles.ts, which
 * re-exports these), the policy engine's decisions hang on `access` (src/plugins/policy).
 */

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
  /** The policy engine's decisions for this person's role and groups (src/plugins/policy); absent: the role table. */
  readonly access?: ViewerAccess;
}

/**
 * What the policy engine decides for one viewer; every check is a table lookup (src/plugins/policy/accessProfile.ts).
 * An action is one the modules declare (`Action`, src/platform/modules/permissions.ts), a string here.
 */
export interface ViewerAccess {
  /** Viewers with the same key get the same decisions and see the same fields (shared subscription payloads). */
  readonly key: string;
  /** May the viewer perform `action`; with `nodePath`, on a resource at that place in the hierarchy. */
  allows(action: string, nodePath?: string): boolean;
  /** Whether a place can change a decision now (environments exist); false: lists need no check per item. */
  readonly scoped: boolean;
  /** Which places' services the viewer may see now; null: every place (see `placeGate`). */
  placeGate(): PlaceGate | null;
}

/**
 * The services a viewer may see by where they lie (`service:read` at their place: environments and
 * environment-limited rules, src/plugins/policy). Everything that lists, counts or aggregates services asks
 * `placeGate(viewer)` once per call: null means every service, as before environments (no check per
 * item); otherwise it asks `admits(nodePath)` per item (a map lookup and an array read).
 */
export interface PlaceGate {
  /** Equal keys admit the same places (caches of aggregates key on it; it changes with the policy). */
  readonly key: string;
  admits(nodePath: string): boolean;
}
