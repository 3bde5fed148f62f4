/**
 * The policy's records (docs/access.md): permission rules, environments and the groups that may use
 * them, field settings and field permissions, screen permissions. Plain readonly data: the store
 * keeps them equal to the database, the engine reads them.
 */
import type { Role } from '../../core/auth/roles.js';

/** Whom a rule is about: everyone of a role, or the members of one of the product's groups. */
export type SubjectType = 'role' | 'group';

export interface Subject {
  readonly subjectType: SubjectType;
  /** A role name (admin, operator, user) or a group id. */
  readonly subject: string;
}

export type Effect = 'allow' | 'deny';

export interface PermissionRule extends Subject {
  readonly id: string;
  /** The part of an action before the colon (`service` of `service:read`), or `*`. */
  readonly resource: string;
  /** The part after the colon (`read`, `write`, `delete`, ...), or `*`. */
  readonly action: string;
  readonly effect: Effect;
  /** Limits the rule to resources inside this environment; null: everywhere. */
  readonly environmentId: string | null;
  readonly description: string | null;
  readonly createdAt: number;
  readonly updatedAt: number;
}

/** A named part of the hierarchy: every node at or below one of `paths`. */
export interface Environment {
  readonly id: string;
  readonly name: string;
  readonly description: string | null;
  /** Normalised node paths (`region/env`), the roots of its subtrees. */
  readonly paths: readonly string[];
  readonly createdAt: number;
  readonly updatedAt: number;
}

/** `write` includes `read`. */
export type AccessLevel = 'read' | 'write';

export interface EnvironmentGrant {
  readonly groupId: string;
  readonly environmentId: string;
  readonly level: AccessLevel;
  readonly grantedAt: number;
}

/** What an admin changed about a field of the catalog (fieldCatalog.ts); absent: the defaults. */
export interface FieldSettings {
  /** `Service.metadata` */
  readonly id: string;
  readonly label: string | null;
  readonly description: string | null;
  /** Restricted: only subjects with a field permission that allows it read (and write) it. */
  readonly restricted: boolean;
  readonly updatedAt: number;
}

export interface FieldPermission extends Subject {
  readonly id: string;
  readonly fieldId: string;
  readonly canRead: boolean;
  readonly canWrite: boolean;
  readonly createdAt: number;
  readonly updatedAt: number;
}

export interface ScreenPermission extends Subject {
  readonly id: string;
  readonly screen: string;
  readonly allowed: boolean;
  readonly createdAt: number;
  readonly updatedAt: number;
}

/** Everything the engine decides from; the store implements it over its committed maps. */
export interface PolicyState {
  rules(): Iterable<PermissionRule>;
  environments(): Iterable<Environment>;
  grants(): Iterable<EnvironmentGrant>;
  fieldSettings(): Iterable<FieldSettings>;
  fieldPermissions(): Iterable<FieldPermission>;
  screenPermissions(): Iterable<ScreenPermission>;
}

export const subjectKey = (subjectType: SubjectType, subject: string): string => `${subjectType}:${subject}`;

/** The subject keys a person matches: their role and each of their groups. */
export function subjectKeysOf(role: Role, groupIds: readonly string[]): string[] {
  return [subjectKey('role', role), ...groupIds.map((g) => subjectKey('group', g))];
}

/** `a/b/c` from ` /a//b/c/ `; empty when nothing is left. */
export function normalisePath(path: string): string {
  return path
    .split('/')
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .join('/');
}

/** Whether `nodePath` is `root` or below it. */
export function isUnder(nodePath: string, root: string): boolean {
  return nodePath === root || (nodePath.length > root.length && nodePath.startsWith(root) && nodePath.charCodeAt(root.length) === 47);
}
