/**
 * The policy as the rest of the product sees it (`ctx.app.policy`): the engine behind `authorize`,
 * the access each viewer carries, the field filter for every answer, write refusal of protected
 * fields, and redaction of entity event data. Built by the policy module (policyModule.ts).
 */
import type { GraphQLSchema } from 'graphql';
import type { Action, Role, Viewer, ViewerAccess } from '../../core/auth/roles.js';
import { AppError, ErrorCode } from '../../platform/errors/catalog.js';
import type { GroupDirectory } from '../../core/people/groupDirectory.js';
import { AccessProfile } from './accessProfile.js';
import { createFieldCatalog, type FieldCatalog } from './fieldCatalog.js';
import { createFieldFilter, type ResultFilter } from './fieldFilter.js';
import { PolicyEngine } from './policyEngine.js';
import type { PolicyStore } from './policyStore.js';
import type { ConsoleScreen } from '../../platform/modules/module.js';

/**
 * Where a protected field of a type lives in the raw record carried by entity events (the generic
 * entity subscription sends the record as JSON text); fields not listed have the same name.
 */
const RECORD_KEYS: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  Service: {
    owner: ['ownerId'],
    team: ['teamId'],
    lastBackupAt: ['backup', 'lastAt'],
    lastBackupStatus: ['backup', 'lastStatus'],
    backupMaxAgeDays: ['backup', 'maxAgeDays'],
  },
};
/** Entity types (src/plugins/realtime) whose events carry a record of a protected type, under this key of `data`. */
const ENTITY_RECORDS: Readonly<Record<string, { readonly key: string; readonly typeName: string }>> = {
  service: { key: 'service', typeName: 'Service' },
};
/** Inputs whose fields write fields of a protected type (`ownerId` writes `owner`). */
const WRITING_INPUTS: Readonly<Record<string, string>> = { CreateServiceInput: 'Service', UpdateServiceInput: 'Service' };

export class Policy {
  readonly engine: PolicyEngine;
  readonly catalog: FieldCatalog;
  /** Nulls the fields the viewer may not read in an executed answer (POST /graphql and subscription payloads). */
  readonly filterResult: ResultFilter;

  constructor(
    schema: GraphQLSchema,
    readonly store: PolicyStore,
    private readonly groups: GroupDirectory,
    screens: readonly ConsoleScreen[] = [],
  ) {
    this.catalog = createFieldCatalog(schema);
    this.engine = new PolicyEngine(store, this.catalog, screens);
    this.filterResult = createFieldFilter(schema, this.catalog, () => this.engine.enabled);
  }

  /** What a signed-in person carries on every request; undefined while the engine is off (the role table decides). */
  accessOf(userId: string, role: Role): ViewerAccess | undefined {
    if (!this.engine.enabled) return undefined;
    return this.engine.profileOf(role, this.groups.groupIdsOf(userId));
  }

  /** The profile of a viewer (built from their role and groups when they carry none, e.g. a viewer made in a test). */
  profileOf(viewer: Viewer): AccessProfile {
    return viewer.access instanceof AccessProfile
      ? viewer.access
      : this.engine.profileOf(viewer.role, this.groups.groupIdsOf(viewer.userId));
  }

  can(viewer: Viewer, action: Action, nodePath?: string): boolean {
    return this.profileOf(viewer).allows(action, nodePath);
  }

  /** FORBIDDEN naming the first field of `typeName` among `fieldNames` (GraphQL field names) the viewer may not write. */
  assertWritable(viewer: Viewer, typeName: string, fieldNames: Iterable<string>): void {
    if (!this.engine.enabled) return;
    const fields = this.catalog.byType.get(typeName);
    if (!fields) return;
    const readOnly = this.profileOf(viewer).readOnly();
    for (const name of fieldNames) {
      const entry = fields.get(name) ?? (name.endsWith('Id') ? fields.get(name.slice(0, -2)) : undefined);
      if (entry && readOnly[entry.index] === 1) {
        throw new AppError(
          ErrorCode.Forbidden,
          `you may not write the field ${entry.id} (a field permission refuses it); leave "${name}" out of the input`,
        );
      }
    }
  }

  /** The protected type an input type writes, if any. */
  writtenType(inputTypeName: string): string | undefined {
    return WRITING_INPUTS[inputTypeName];
  }

  /** Entity event data as this viewer may see it: protected fields of the carried record set to null. */
  redactEntityData(viewer: Viewer | null, entityType: string, data: unknown): unknown {
    const carried = ENTITY_RECORDS[entityType];
    if (!this.engine.enabled || viewer === null || carried === undefined || data === null || typeof data !== 'object') return data;
    const hidden = this.profileOf(viewer).hidden();
    const record = (data as Record<string, unknown>)[carried.key];
    if (hidden === null || record === null || typeof record !== 'object') return data;
    const copy: Record<string, unknown> = { ...(record as Record<string, unknown>) };
    const keys = RECORD_KEYS[carried.typeName] ?? {};
    for (const entry of this.catalog.byType.get(carried.typeName)?.values() ?? []) {
      if (hidden[entry.index] !== 1) continue;
      const path = keys[entry.fieldName] ?? [entry.fieldName];
      if (path.length === 1) {
        if (path[0]! in copy) copy[path[0]!] = null;
      } else if (copy[path[0]!] !== null && typeof copy[path[0]!] === 'object') {
        copy[path[0]!] = { ...(copy[path[0]!] as Record<string, unknown>), [path[1]!]: null };
      }
    }
    return { ...(data as Record<string, unknown>), [carried.key]: copy };
  }
}
