/** The policy's tables as the batch writer sees them (commit orders 820-829), and the mapping of their rows. */
import type { Row, TableSpec } from '../../platform/persistence/batchWriter.js';
import { cols, epoch, iso, jsonColumn, textOrNull } from '../../core/storage/tables.js';
import type {
  AccessLevel,
  Environment,
  EnvironmentGrant,
  FieldPermission,
  FieldSettings,
  PermissionRule,
  ScreenPermission,
  SubjectType,
} from './policyModel.js';

const subject = { subject_type: 'text', subject: 'text' };
const stamps = { created_at: 'timestamptz', updated_at: 'timestamptz' };

export const environmentsTable: TableSpec = {
  name: 'policy_environments',
  key: ['id'],
  order: 820,
  mode: 'upsert',
  columns: cols({ id: 'uuid', name: 'text', description: 'text', paths: 'jsonb', ...stamps }),
};
export const rulesTable: TableSpec = {
  name: 'policy_rules',
  key: ['id'],
  order: 821,
  mode: 'upsert',
  columns: cols({
    id: 'uuid',
    ...subject,
    resource: 'text',
    action: 'text',
    effect: 'text',
    environment_id: 'uuid',
    description: 'text',
    ...stamps,
  }),
};
export const grantsTable: TableSpec = {
  name: 'policy_group_environments',
  key: ['group_id', 'environment_id'],
  order: 822,
  mode: 'upsert',
  columns: cols({ group_id: 'uuid', environment_id: 'uuid', level: 'text', granted_at: 'timestamptz' }),
};
export const fieldSettingsTable: TableSpec = {
  name: 'policy_field_settings',
  key: ['id'],
  order: 823,
  mode: 'upsert',
  columns: cols({ id: 'text', label: 'text', description: 'text', restricted: 'boolean', updated_at: 'timestamptz' }),
};
export const fieldPermissionsTable: TableSpec = {
  name: 'policy_field_permissions',
  key: ['id'],
  order: 824,
  mode: 'upsert',
  columns: cols({ id: 'uuid', field_id: 'text', ...subject, can_read: 'boolean', can_write: 'boolean', ...stamps }),
};
export const screenPermissionsTable: TableSpec = {
  name: 'policy_screen_permissions',
  key: ['id'],
  order: 825,
  mode: 'upsert',
  columns: cols({ id: 'uuid', screen: 'text', ...subject, allowed: 'boolean', ...stamps }),
};

export const policyTables = [environmentsTable, rulesTable, grantsTable, fieldSettingsTable, fieldPermissionsTable, screenPermissionsTable];

const at = (row: Row, column: string) => epoch(row[column]) ?? 0;
const subjectOf = (row: Row) => ({ subjectType: String(row['subject_type']) as SubjectType, subject: String(row['subject']) });

export const environmentRow = (e: Environment): Row => ({
  id: e.id,
  name: e.name,
  description: e.description,
  paths: e.paths,
  created_at: iso(e.createdAt),
  updated_at: iso(e.updatedAt),
});
export const environmentOf = (row: Row): Environment => ({
  id: String(row['id']),
  name: String(row['name']),
  description: textOrNull(row['description']),
  paths: jsonColumn<string[]>(row['paths'], []),
  createdAt: at(row, 'created_at'),
  updatedAt: at(row, 'updated_at'),
});

export const ruleRow = (r: PermissionRule): Row => ({
  id: r.id,
  subject_type: r.subjectType,
  subject: r.subject,
  resource: r.resource,
  action: r.action,
  effect: r.effect,
  environment_id: r.environmentId,
  description: r.description,
  created_at: iso(r.createdAt),
  updated_at: iso(r.updatedAt),
});
export const ruleOf = (row: Row): PermissionRule => ({
  id: String(row['id']),
  ...subjectOf(row),
  resource: String(row['resource']),
  action: String(row['action']),
  effect: row['effect'] === 'deny' ? 'deny' : 'allow',
  environmentId: textOrNull(row['environment_id']),
  description: textOrNull(row['description']),
  createdAt: at(row, 'created_at'),
  updatedAt: at(row, 'updated_at'),
});

export const grantRow = (g: EnvironmentGrant): Row => ({
  group_id: g.groupId,
  environment_id: g.environmentId,
  level: g.level,
  granted_at: iso(g.grantedAt),
});
export const grantOf = (row: Row): EnvironmentGrant => ({
  groupId: String(row['group_id']),
  environmentId: String(row['environment_id']),
  level: (row['level'] === 'write' ? 'write' : 'read') as AccessLevel,
  grantedAt: at(row, 'granted_at'),
});

export const fieldSettingsRow = (s: FieldSettings): Row => ({
  id: s.id,
  label: s.label,
  description: s.description,
  restricted: s.restricted,
  updated_at: iso(s.updatedAt),
});
export const fieldSettingsOf = (row: Row): FieldSettings => ({
  id: String(row['id']),
  label: textOrNull(row['label']),
  description: textOrNull(row['description']),
  restricted: row['restricted'] === true,
  updatedAt: at(row, 'updated_at'),
});

export const fieldPermissionRow = (p: FieldPermission): Row => ({
  id: p.id,
  field_id: p.fieldId,
  subject_type: p.subjectType,
  subject: p.subject,
  can_read: p.canRead,
  can_write: p.canWrite,
  created_at: iso(p.createdAt),
  updated_at: iso(p.updatedAt),
});
export const fieldPermissionOf = (row: Row): FieldPermission => ({
  id: String(row['id']),
  fieldId: String(row['field_id']),
  ...subjectOf(row),
  canRead: row['can_read'] === true,
  canWrite: row['can_write'] === true,
  createdAt: at(row, 'created_at'),
  updatedAt: at(row, 'updated_at'),
});

export const screenPermissionRow = (p: ScreenPermission): Row => ({
  id: p.id,
  screen: p.screen,
  subject_type: p.subjectType,
  subject: p.subject,
  allowed: p.allowed,
  created_at: iso(p.createdAt),
  updated_at: iso(p.updatedAt),
});
export const screenPermissionOf = (row: Row): ScreenPermission => ({
  id: String(row['id']),
  screen: String(row['screen']),
  ...subjectOf(row),
  allowed: row['allowed'] === true,
  createdAt: at(row, 'created_at'),
  updatedAt: at(row, 'updated_at'),
});
