/**
 * People, groups, sessions and reset tokens are shared by a cluster's instances (docs/adr/0068): any instance signs
 * people in and out and changes them, so each applies the rows the others commit, with the row-to-record code of
 * hydration (storage/hydratePeople.ts). A deleted user's sessions, memberships and reset tokens go from memory with it (their
 * rows go by the foreign keys' cascade, which the log does not list).
 */
import type { SharedRows } from '../platform/modules/sharedState.js';
import type { Row } from '../platform/persistence/tableSpec.js';
import { groupFromRow, membershipFromRow, type People, resetFromRow, sessionFromRow, userFromRow } from './storage/hydratePeople.js';
import { groupMembersTable, groupsTable, passwordResetTokensTable, sessionsTable, usersTable } from './storage/peopleTables.js';
import { userToRow } from './people/userDirectory.js';
import { sessionToRow } from './auth/sessionStore.js';

/** A patch's columns over the record's current row (none of these tables is patched today; kept exact if one is). */
function merged<R>(current: R | undefined, toRow: (record: R) => Row, row: Row, patch: boolean): Row {
  return patch && current !== undefined ? { ...toRow(current), ...row } : row;
}

export function sharedPeople({ users, groups, sessions, resets }: People): readonly SharedRows[] {
  return [
    {
      table: usersTable.name,
      apply: (row, patch) => users.adopt(String(row['id']), userFromRow(merged(users.get(String(row['id'])), userToRow, row, patch))),
      remove: (key) => {
        const id = String(key['id']);
        users.adopt(id, undefined);
        sessions.forgetSessionsOf(id);
        groups.forgetMembershipsOf(id);
        resets.forgetUser(id);
      },
    },
    {
      table: sessionsTable.name,
      apply: (row, patch) =>
        sessions.adopt(String(row['id']), sessionFromRow(merged(sessions.get(String(row['id'])), sessionToRow, row, patch))),
      remove: (key) => sessions.adopt(String(key['id']), undefined),
    },
    {
      table: groupsTable.name,
      apply: (row) => groups.adoptGroup(String(row['id']), groupFromRow(row)),
      remove: (key) => groups.adoptGroup(String(key['id']), undefined),
    },
    {
      table: groupMembersTable.name,
      apply: (row) => {
        const membership = membershipFromRow(row);
        groups.adoptMembership(membership.groupId, membership.userId, membership);
      },
      remove: (key) => groups.adoptMembership(String(key['group_id']), String(key['user_id']), undefined),
    },
    {
      table: passwordResetTokensTable.name,
      apply: (row) => resets.adopt(String(row['id']), resetFromRow(row)),
      remove: (key) => resets.adopt(String(key['id']), undefined),
    },
  ];
}
