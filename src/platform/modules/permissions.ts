/**
 * The actions a module adds and the roles allowed each by default: a contract of the module contract
 * (`ProductModule.permissions`). The platform knows no action; each module names its own in `ActionMap`
 * beside its declaration (the core's in src/core/auth/roles.ts, which holds the table and the checks):
 *
 *     declare module '../../platform/modules/permissions.js' {
 *       interface ActionMap extends ActionsOf<typeof webhookPermissions> {}
 *     }
 */
import type { Role } from '../gateway/viewer.js';

/** Actions with the roles allowed each by default, as a module declares them (`ProductModule.permissions`). */
export type PermissionDeclarations = Readonly<Record<string, readonly Role[]>>;

/** The actions of a declaration, for `ActionMap`. */
export type ActionsOf<P extends PermissionDeclarations> = { readonly [K in keyof P]: true };

/** Every action of the product, filled by the modules' augmentations (one program, no central list). */
// biome-ignore lint/suspicious/noEmptyInterface: an interface, not a type, so that modules can augment it by declaration merging
export interface ActionMap {}
export type Action = keyof ActionMap & string;
