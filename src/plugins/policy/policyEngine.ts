/**
 * The policy engine: decides, for a person's role and groups, every action (optionally on a
 * resource at a place in the hierarchy), which fields they may read and write, and which screens
 * they may open (docs/access.md). Pure: it reads a `PolicyState` and keeps caches.
 *
 * Caching: every change to the state calls `changed()`, which bumps `generation`. Decisions live in
 * `AccessProfile`s, one per (role, set of groups), each holding a decision table per set of
 * environments (an array indexed by action). A profile rebuilds its tables the first time it is asked
 * after the generation moved, so a rule change takes effect on the next check, and a check on the
 * hot path is an integer comparison and an array read. The state is compiled (rules grouped by
 * subject, environments indexed) once per generation.
 *
 * Precedence: deny > allow > the role's default (src/core/auth/roles.ts). Rules on `policy:*` are refused:
 * admins always keep the power to fix the policy. Environment access is a gate after the rules:
 * a resource inside at least one environment is open to admins and to members of a group granted
 * one of its environments (`write` for acting, `read` for reading); a resource in no environment is
 * governed by the rules alone.
 */
import { knownActions, roleAllows, type Action, type Role } from '../../core/auth/roles.js';
import { AccessProfile } from './accessProfile.js';
import type { ConsoleScreen } from '../../platform/modules/module.js';
import type { FieldCatalog } from './fieldCatalog.js';
import {
  isUnder,
  subjectKey,
  subjectKeysOf,
  type AccessLevel,
  type Environment,
  type FieldPermission,
  type PermissionRule,
  type PolicyState,
  type ScreenPermission,
} from './policyModel.js';

/** The actions in force (src/core/auth/roles.ts: every composed module's), indexed for the decision tables. */
export interface ActionCatalog {
  readonly actions: readonly Action[];
  readonly index: ReadonlyMap<string, number>;
  readonly split: readonly { readonly resource: string; readonly verb: string }[];
  /** Resources and their verbs, as permission rules name them. */
  readonly resources: ReadonlyMap<string, readonly string[]>;
}

let catalog: ActionCatalog | undefined;

/** The catalog of the actions in force; the table only grows, so one of the same length is the same. */
export function actionCatalog(): ActionCatalog {
  const actions = knownActions();
  if (catalog?.actions.length === actions.length) return catalog;
  const split = actions.map((a) => {
    const at = a.indexOf(':');
    return { resource: a.slice(0, at), verb: a.slice(at + 1) };
  });
  const resources = new Map<string, string[]>();
  for (const { resource, verb } of split) resources.set(resource, [...(resources.get(resource) ?? []), verb]);
  catalog = { actions, index: new Map(actions.map((a, i) => [a, i])), split, resources };
  return catalog;
}

/** Resources whose actions no rule changes. */
export const FIXED_RESOURCES: ReadonlySet<string> = new Set(['policy']);

export const isReadVerb = (verb: string): boolean => verb === 'read' || verb.startsWith('read-');

interface Compiled {
  readonly rulesBySubject: Map<string, PermissionRule[]>;
  readonly fieldPermsBySubject: Map<string, FieldPermission[]>;
  readonly screenPermsBySubject: Map<string, ScreenPermission[]>;
  readonly environments: Environment[];
  readonly envIndex: Map<string, number>;
  /** groupId -> environment index -> level */
  readonly grants: Map<string, Map<number, AccessLevel>>;
  readonly restricted: Uint8Array;
}

export class PolicyEngine {
  /** Bumped on every change of the state; profiles compare it on every check. */
  generation = 0;
  /** Off: viewers get no `access` (the role table decides), no field is hidden (bench/policy.ts compares). */
  enabled = true;
  private compiledAt = -1;
  private compiledState: Compiled | undefined;
  private readonly profiles = new Map<string, AccessProfile>();
  /** nodePath -> id of its set of environments (0: none); `envSets[id]` lists the environment indexes. */
  private envSetIds = new Map<string, number>();
  private envSets: (readonly number[])[] = [[]];
  private envSetKeys = new Map<string, number>([['', 0]]);

  /** The actions in force when the engine was made (the policy module is created after every module declared its own). */
  readonly actions: ActionCatalog = actionCatalog();

  constructor(
    private readonly state: PolicyState,
    readonly fields: FieldCatalog,
    /** Every module's console screens (`ModuleKit.screens`). */
    readonly screens: readonly ConsoleScreen[] = [],
  ) {}

  /** Every change of rules, environments, grants, fields or screens; invalidates every cached decision. */
  changed(): void {
    this.generation += 1;
    this.profiles.clear();
    this.envSetIds = new Map();
    this.envSets = [[]];
    this.envSetKeys = new Map([['', 0]]);
  }

  /** The shared decisions of everyone with this role and these groups (any order). */
  profileOf(role: Role, groupIds: readonly string[]): AccessProfile {
    const sorted = groupIds.length > 1 ? [...groupIds].sort() : groupIds;
    const key = sorted.length === 0 ? role : `${role}|${sorted.join(',')}`;
    let profile = this.profiles.get(key);
    if (profile === undefined) {
      profile = new AccessProfile(this, key, role, sorted);
      this.profiles.set(key, profile);
    }
    return profile;
  }

  /** Whether any environment is defined: without, every check ignores places. */
  get scoped(): boolean {
    return this.compiled().environments.length > 0;
  }

  indexOf(action: string): number | undefined {
    return this.actions.index.get(action);
  }

  /** The id of the set of environments `nodePath` lies in (0: none), cached until the next change. */
  envSetOf(nodePath: string): number {
    let id = this.envSetIds.get(nodePath);
    if (id !== undefined) return id;
    const members: number[] = [];
    this.compiled().environments.forEach((env, index) => {
      if (env.paths.some((root) => isUnder(nodePath, root))) members.push(index);
    });
    const setKey = members.join(',');
    id = this.envSetKeys.get(setKey);
    if (id === undefined) {
      id = this.envSets.length;
      this.envSets.push(members);
      this.envSetKeys.set(setKey, id);
    }
    if (this.envSetIds.size > 100_000) this.envSetIds.clear();
    this.envSetIds.set(nodePath, id);
    return id;
  }

  environmentsOf(nodePath: string): Environment[] {
    const c = this.compiled();
    return (this.envSets[this.envSetOf(nodePath)] ?? []).map((i) => c.environments[i]!);
  }

  /** @internal The decision table of a profile for one set of environments (AccessProfile caches it). */
  decide(role: Role, groupIds: readonly string[], envSet: number): Uint8Array {
    const c = this.compiled();
    const members = this.envSets[envSet] ?? [];
    const memberIds = new Set(members.map((i) => c.environments[i]!.id));
    const rules = subjectKeysOf(role, groupIds).flatMap((k) => c.rulesBySubject.get(k) ?? []);
    const level = role === 'admin' || members.length === 0 ? 'write' : bestLevel(c, groupIds, members);
    const { actions, split } = this.actions;
    const table = new Uint8Array(actions.length);
    for (let i = 0; i < actions.length; i += 1) {
      const { resource, verb } = split[i]!;
      let allowed = roleAllows(role, actions[i]!);
      if (!FIXED_RESOURCES.has(resource)) {
        let allow = false;
        let deny = false;
        for (const rule of rules) {
          if ((rule.resource !== '*' && rule.resource !== resource) || (rule.action !== '*' && rule.action !== verb)) continue;
          if (rule.environmentId !== null && !memberIds.has(rule.environmentId)) continue;
          if (rule.effect === 'deny') deny = true;
          else allow = true;
        }
        allowed = deny ? false : allow ? true : allowed;
        if (allowed && level !== 'write') allowed = level === 'read' && isReadVerb(verb);
      }
      table[i] = allowed ? 1 : 0;
    }
    return table;
  }

  /**
   * @internal Whether a place can change `action` for this role and groups: true unless an admin
   * (who passes every environment gate) with no environment-limited deny rule on it. Profiles for
   * which it is false skip per-item checks (`placeGate` answers null).
   */
  placeCanMatter(role: Role, groupIds: readonly string[], action: Action): boolean {
    if (role !== 'admin') return true;
    const at = action.indexOf(':');
    const resource = action.slice(0, at);
    const verb = action.slice(at + 1);
    const c = this.compiled();
    return subjectKeysOf(role, groupIds).some((k) =>
      (c.rulesBySubject.get(k) ?? []).some(
        (r) =>
          r.environmentId !== null &&
          r.effect === 'deny' &&
          (r.resource === '*' || r.resource === resource) &&
          (r.action === '*' || r.action === verb),
      ),
    );
  }

  /** @internal Which catalog fields a profile may not read / write (1 = refused). */
  decideFields(role: Role, groupIds: readonly string[]): { hidden: Uint8Array; readOnly: Uint8Array } {
    const c = this.compiled();
    const n = this.fields.fields.length;
    const hidden = new Uint8Array(n);
    const readOnly = new Uint8Array(n);
    if (role === 'admin') return { hidden, readOnly };
    const read = new Int8Array(n);
    const write = new Int8Array(n);
    for (const key of subjectKeysOf(role, groupIds)) {
      for (const p of c.fieldPermsBySubject.get(key) ?? []) {
        const entry = this.fields.get(p.fieldId);
        if (!entry) continue;
        // -1 deny wins over +1 allow.
        read[entry.index] = p.canRead ? (read[entry.index] === -1 ? -1 : 1) : -1;
        write[entry.index] = p.canWrite ? (write[entry.index] === -1 ? -1 : 1) : -1;
      }
    }
    for (let i = 0; i < n; i += 1) {
      const restricted = c.restricted[i] === 1;
      hidden[i] = read[i] === -1 || (read[i] === 0 && restricted) ? 1 : 0;
      readOnly[i] = hidden[i] === 1 || write[i] === -1 || (write[i] === 0 && restricted) ? 1 : 0;
    }
    return { hidden, readOnly };
  }

  /** @internal The screens a profile may open, in `screens` order. */
  decideScreens(role: Role, groupIds: readonly string[], allows: (action: Action) => boolean): boolean[] {
    const c = this.compiled();
    const verdict = new Map<string, boolean>();
    for (const key of subjectKeysOf(role, groupIds)) {
      for (const p of c.screenPermsBySubject.get(key) ?? []) verdict.set(p.screen, verdict.get(p.screen) === false ? false : p.allowed);
    }
    return this.screens.map((s) =>
      s.needs === 'policy:manage' ? allows(s.needs as Action) : (verdict.get(s.name) ?? allows(s.needs as Action)),
    );
  }

  /** The level of access these groups have to an environment (admins: write). */
  environmentLevel(role: Role, groupIds: readonly string[], environmentId: string): AccessLevel | null {
    if (role === 'admin') return 'write';
    const c = this.compiled();
    const index = c.envIndex.get(environmentId);
    if (index === undefined) return null;
    return bestLevel(c, groupIds, [index]);
  }

  private compiled(): Compiled {
    if (this.compiledAt === this.generation && this.compiledState) return this.compiledState;
    const group = <T extends { subjectType: 'role' | 'group'; subject: string }>(items: Iterable<T>) => {
      const out = new Map<string, T[]>();
      for (const item of items) {
        const key = subjectKey(item.subjectType, item.subject);
        out.set(key, [...(out.get(key) ?? []), item]);
      }
      return out;
    };
    const environments = [...this.state.environments()].sort((a, b) => a.name.localeCompare(b.name));
    const envIndex = new Map(environments.map((e, i) => [e.id, i]));
    const grants = new Map<string, Map<number, AccessLevel>>();
    for (const g of this.state.grants()) {
      const index = envIndex.get(g.environmentId);
      if (index === undefined) continue;
      let byEnv = grants.get(g.groupId);
      if (!byEnv) grants.set(g.groupId, (byEnv = new Map()));
      byEnv.set(index, g.level);
    }
    const restricted = new Uint8Array(this.fields.fields.length);
    for (const s of this.state.fieldSettings()) {
      const entry = this.fields.get(s.id);
      if (entry && s.restricted) restricted[entry.index] = 1;
    }
    this.compiledState = {
      rulesBySubject: group(this.state.rules()),
      fieldPermsBySubject: group(this.state.fieldPermissions()),
      screenPermsBySubject: group(this.state.screenPermissions()),
      environments,
      envIndex,
      grants,
      restricted,
    };
    this.compiledAt = this.generation;
    return this.compiledState;
  }
}

/** The best grant any of `groupIds` holds on any of the environments `members` (indexes). */
function bestLevel(c: Compiled, groupIds: readonly string[], members: readonly number[]): AccessLevel | null {
  let best: AccessLevel | null = null;
  for (const groupId of groupIds) {
    const byEnv = c.grants.get(groupId);
    if (!byEnv) continue;
    for (const index of members) {
      const level = byEnv.get(index);
      if (level === 'write') return 'write';
      if (level === 'read') best = 'read';
    }
  }
  return best;
}
