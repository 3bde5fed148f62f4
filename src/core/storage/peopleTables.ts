/** The tables of people and their sessions, for the batch writer (see tables.ts for the fleet's). */
import type { TableSpec } from '../../platform/persistence/batchWriter.js';
import { cols } from './tables.js';

export const usersTable: TableSpec = {
  name: 'users',
  key: ['id'],
  order: 80,
  mode: 'upsert',
  columns: cols({
    id: 'uuid',
    username: 'text',
    email: 'text',
    display_name: 'text',
    password_hash: 'text',
    role: 'text',
    active: 'boolean',
    last_login_at: 'timestamptz',
    password_changed_at: 'timestamptz',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
  }),
};

export const sessionsTable: TableSpec = {
  name: 'sessions',
  key: ['id'],
  order: 90,
  mode: 'upsert',
  columns: cols({
    id: 'uuid',
    user_id: 'uuid',
    current_token_id: 'uuid',
    previous_token_id: 'uuid',
    rotated_at: 'timestamptz',
    created_at: 'timestamptz',
    last_used_at: 'timestamptz',
    expires_at: 'timestamptz',
    ended_at: 'timestamptz',
    end_reason: 'text',
    client_address: 'text',
    user_agent: 'text',
  }),
};

export const passwordResetTokensTable: TableSpec = {
  name: 'password_reset_tokens',
  key: ['id'],
  order: 95,
  mode: 'upsert',
  columns: cols({
    id: 'uuid',
    user_id: 'uuid',
    token_hash: 'text',
    created_at: 'timestamptz',
    expires_at: 'timestamptz',
    used_at: 'timestamptz',
  }),
};

export const groupsTable: TableSpec = {
  name: 'groups',
  key: ['id'],
  order: 100,
  mode: 'upsert',
  columns: cols({ id: 'uuid', name: 'text', description: 'text', created_at: 'timestamptz', updated_at: 'timestamptz' }),
};

export const groupMembersTable: TableSpec = {
  name: 'group_members',
  key: ['group_id', 'user_id'],
  order: 110,
  mode: 'upsert',
  columns: cols({ group_id: 'uuid', user_id: 'uuid', added_at: 'timestamptz' }),
};
