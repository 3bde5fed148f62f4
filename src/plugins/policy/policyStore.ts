/**
 * The policy's records in memory, kept equal to the database (committed maps written through the
 * batch writer), and the changes to them. Every change, and every revert of a failed commit, tells
 * the engine (`onChange`), which drops its cached decisions. Inputs arrive parsed (policyInput.ts).
 */
import type { Knex } from 'knex';
import { CommittedMap } from '../../core/fleet/committedMap.js';
import { AppError, ErrorCode } from '../../platform/errors/catalog.js';
import type { BatchWriter } from '../../platform/persistence/batchWriter.js';
import type { SharedRows } from '../../platform/modules/sharedState.js';
import type { Row } from '../../platform/persistence/tableSpec.js';
import type {
  AccessLevel,
  Environment,
  EnvironmentGrant,
  FieldPermission,
  FieldSettings,
  PermissionRule,
  PolicyState,
  ScreenPermission,
  Subject,
} from './policyModel.js';
import {
  environmentOf,
  environmentRow,
  environmentsTable,
  fieldPermissionOf,
  fieldPermissionRow,
  fieldPermissionsTable,
  fieldSettingsOf,
  fieldSettingsRow,
  fieldSettingsTable,
  grantOf,
  grantRow,
  grantsTable,
  ruleOf,
  ruleRow,
  rulesTable,
  screenPermissionOf,
  screenPermissionRow,
  screenPermissionsTable,
} from './policyTables.js';

export type RuleInput = Omit<PermissionRule, 'id' | 'createdAt' | 'updatedAt'>;
export type EnvironmentInput = Pick<Environment, 'name' | 'description' | 'paths'>;

const grantKey = (groupId: string, environmentId: string) => `${groupId}/${environmentId}`;
const sameSubject = (a: Subject, b: Subject) => a.subjectType === b.subjectType && a.subject === b.subject;

export class PolicyStore implements PolicyState {
  private readonly ruleMap: CommittedMap<PermissionRule>;
  private readonly environmentMap: CommittedMap<Environment>;
  private readonly grantMap: CommittedMap<EnvironmentGrant>;
  private readonly settingsMap: CommittedMap<FieldSettings>;
  private readonly fieldPermissionMap: CommittedMap<FieldPermission>;
  private readonly screenPermissionMap: CommittedMap<ScreenPermission>;

  constructor(
    writer: BatchWriter,
    private readonly newId: () => string,
    private readonly onChange: () => void,
  ) {
    const revert = () => this.onChange();
    this.ruleMap = new CommittedMap(writer, rulesTable, ruleRow, revert);
    this.environmentMap = new CommittedMap(writer, environmentsTable, environmentRow, revert);
    this.grantMap = new CommittedMap(writer, grantsTable, grantRow, revert);
    this.settingsMap = new CommittedMap(writer, fieldSettingsTable, fieldSettingsRow, revert);
    this.fieldPermissionMap = new CommittedMap(writer, fieldPermissionsTable, fieldPermissionRow, revert);
    this.screenPermissionMap = new CommittedMap(writer, screenPermissionsTable, screenPermissionRow, revert);
  }

  async hydrate(knex: Knex): Promise<Record<string, number>> {
    const load = async <V, R>(table: string, map: CommittedMap<V>, of: (row: R) => V, key: (v: V) => string) => {
      const rows = await knex(table).select('*');
      for (const row of rows) {
        const value = of(row);
        map.load(key(value), value);
      }
      return rows.length;
    };
    const counts = {
      environments: await load('policy_environments', this.environmentMap, environmentOf, (e) => e.id),
      permissionRules: await load('policy_rules', this.ruleMap, ruleOf, (r) => r.id),
      environmentGrants: await load('policy_group_environments', this.grantMap, grantOf, (g) => grantKey(g.groupId, g.environmentId)),
      fieldSettings: await load('policy_field_settings', this.settingsMap, fieldSettingsOf, (s) => s.id),
      fieldPermissions: await load('policy_field_permissions', this.fieldPermissionMap, fieldPermissionOf, (p) => p.id),
      screenPermissions: await load('policy_screen_permissions', this.screenPermissionMap, screenPermissionOf, (p) => p.id),
    };
    this.onChange();
    return counts;
  }

  /**
   * Cluster mode (docs/adr/0068): rules, environments, grants and field and screen permissions another instance
   * committed, applied with hydration's row-to-record code; the engine recompiles after each (`onChange`).
   */
  shared(): SharedRows[] {
    const table = <V>(name: string, map: CommittedMap<V>, of: (row: Row) => V, key: (row: Row) => string): SharedRows => ({
      table: name,
      apply: (row) => {
        if (map.adopt(key(row), of(row))) this.onChange();
      },
      remove: (row) => {
        if (map.adopt(key(row), undefined)) this.onChange();
      },
    });
    const id = (row: Row) => String(row['id']);
    return [
      table('policy_environments', this.environmentMap, environmentOf, id),
      table('policy_rules', this.ruleMap, ruleOf, id),
      table('policy_group_environments', this.grantMap, grantOf, (row) => grantKey(String(row['group_id']), String(row['environment_id']))),
      table('policy_field_settings', this.settingsMap, fieldSettingsOf, id),
      table('policy_field_permissions', this.fieldPermissionMap, fieldPermissionOf, id),
      table('policy_screen_permissions', this.screenPermissionMap, screenPermissionOf, id),
    ];
  }

  // ---- PolicyState ----
  rules = () => this.ruleMap.values();
  environments = () => this.environmentMap.values();
  grants = () => this.grantMap.values();
  fieldSettings = () => this.settingsMap.values();
  fieldPermissions = () => this.fieldPermissionMap.values();
  screenPermissions = () => this.screenPermissionMap.values();

  rule = (id: string) => this.ruleMap.get(id);
  environment = (id: string) => this.environmentMap.get(id);
  settingsOf = (fieldId: string) => this.settingsMap.get(fieldId);
  fieldPermission = (id: string) => this.fieldPermissionMap.get(id);
  screenPermission = (id: string) => this.screenPermissionMap.get(id);

  // ---- permission rules ----
  addRule(input: RuleInput, at: number): PermissionRule {
    this.requireEnvironmentOrNull(input.environmentId);
    const rule: PermissionRule = { ...input, id: this.newId(), createdAt: at, updatedAt: at };
    this.ruleMap.set(rule.id, rule);
    this.onChange();
    return rule;
  }

  updateRule(id: string, changes: Partial<RuleInput>, at: number): PermissionRule {
    const before = this.require(this.ruleMap, id, 'permission rule');
    if (changes.environmentId !== undefined) this.requireEnvironmentOrNull(changes.environmentId);
    const after: PermissionRule = { ...before, ...changes, updatedAt: at };
    this.ruleMap.set(id, after);
    this.onChange();
    return after;
  }

  deleteRule(id: string): boolean {
    const deleted = this.ruleMap.delete(id);
    if (deleted) this.onChange();
    return deleted;
  }

  // ---- environments and group access ----
  createEnvironment(input: EnvironmentInput, at: number): Environment {
    this.assertNameFree(input.name, null);
    const environment: Environment = { ...input, id: this.newId(), createdAt: at, updatedAt: at };
    this.environmentMap.set(environment.id, environment);
    this.onChange();
    return environment;
  }

  updateEnvironment(id: string, changes: Partial<EnvironmentInput>, at: number): Environment {
    const before = this.require(this.environmentMap, id, 'environment');
    if (changes.name !== undefined) this.assertNameFree(changes.name, id);
    const after: Environment = { ...before, ...changes, updatedAt: at };
    this.environmentMap.set(id, after);
    this.onChange();
    return after;
  }

  /** Its rules and grants go with it, in the same commit. */
  deleteEnvironment(id: string): boolean {
    if (!this.environmentMap.has(id)) return false;
    for (const rule of [...this.ruleMap.values()]) if (rule.environmentId === id) this.ruleMap.delete(rule.id);
    for (const grant of [...this.grantMap.values()]) if (grant.environmentId === id) this.grantMap.delete(grantKey(grant.groupId, id));
    this.environmentMap.delete(id);
    this.onChange();
    return true;
  }

  /** `null` level removes the group's access; returns the grant now in force, or null. */
  setGrant(groupId: string, environmentId: string, level: AccessLevel | null, at: number): EnvironmentGrant | null {
    this.require(this.environmentMap, environmentId, 'environment');
    const key = grantKey(groupId, environmentId);
    if (level === null) {
      if (this.grantMap.delete(key)) this.onChange();
      return null;
    }
    const grant: EnvironmentGrant = { groupId, environmentId, level, grantedAt: at };
    this.grantMap.set(key, grant);
    this.onChange();
    return grant;
  }

  grantsOfGroup(groupId: string): EnvironmentGrant[] {
    return [...this.grantMap.values()].filter((g) => g.groupId === groupId);
  }

  // ---- fields ----
  updateFieldSettings(
    id: string,
    changes: Partial<Pick<FieldSettings, 'label' | 'description' | 'restricted'>>,
    at: number,
  ): FieldSettings {
    const before = this.settingsMap.get(id) ?? { id, label: null, description: null, restricted: false, updatedAt: at };
    const after: FieldSettings = { ...before, ...changes, updatedAt: at };
    this.settingsMap.set(id, after);
    this.onChange();
    return after;
  }

  /** One permission per (field, subject): setting it again replaces it. */
  setFieldPermission(input: Subject & { fieldId: string; canRead: boolean; canWrite: boolean }, at: number): FieldPermission {
    const existing = [...this.fieldPermissionMap.values()].find((p) => p.fieldId === input.fieldId && sameSubject(p, input));
    const permission: FieldPermission = existing
      ? { ...existing, canRead: input.canRead, canWrite: input.canWrite, updatedAt: at }
      : {
          id: this.newId(),
          fieldId: input.fieldId,
          subjectType: input.subjectType,
          subject: input.subject,
          canRead: input.canRead,
          canWrite: input.canWrite,
          createdAt: at,
          updatedAt: at,
        };
    this.fieldPermissionMap.set(permission.id, permission);
    this.onChange();
    return permission;
  }

  deleteFieldPermission(id: string): boolean {
    const deleted = this.fieldPermissionMap.delete(id);
    if (deleted) this.onChange();
    return deleted;
  }

  // ---- screens ----
  setScreenPermission(input: Subject & { screen: string; allowed: boolean }, at: number): ScreenPermission {
    const existing = [...this.screenPermissionMap.values()].find((p) => p.screen === input.screen && sameSubject(p, input));
    const permission: ScreenPermission = existing
      ? { ...existing, allowed: input.allowed, updatedAt: at }
      : {
          id: this.newId(),
          screen: input.screen,
          subjectType: input.subjectType,
          subject: input.subject,
          allowed: input.allowed,
          createdAt: at,
          updatedAt: at,
        };
    this.screenPermissionMap.set(permission.id, permission);
    this.onChange();
    return permission;
  }

  deleteScreenPermission(id: string): boolean {
    const deleted = this.screenPermissionMap.delete(id);
    if (deleted) this.onChange();
    return deleted;
  }

  private requireEnvironmentOrNull(id: string | null): void {
    if (id !== null) this.require(this.environmentMap, id, 'environment');
  }

  private require<V>(map: CommittedMap<V>, id: string, what: string): V {
    const value = map.get(id);
    if (value === undefined) throw new AppError(ErrorCode.NotFound, `no ${what} with id ${id}`);
    return value;
  }

  private assertNameFree(name: string, self: string | null): void {
    for (const e of this.environmentMap.values()) {
      if (e.id !== self && e.name.toLowerCase() === name.toLowerCase())
        throw new AppError(ErrorCode.BadRequest, `an environment named ${name} exists`);
    }
  }
}
