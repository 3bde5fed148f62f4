/**
 * Who may do what to a ticket (docs/ticketing-roles.md), as the one function every resolver asks:
 * each standing's allow/deny per action, NOT_FOUND for those who may not read, FORBIDDEN for those
 * who may read but not act, and deleted tickets.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { productModules } from '../../../../src/plugins/productModules.js';
import { usePermissions, type Role, type Viewer } from '../../../../src/core/auth/roles.js';
import { AppError } from '../../../../src/platform/errors/catalog.js';
import { checkAction, mayAct, TICKET_PERMISSIONS } from '../../../../src/plugins/ticketing/core/ticketAccess.js';
import { TICKET_ACTIONS, type TicketAction, type TicketView } from '../../../../src/plugins/ticketing/ticketContract.js';

// The roles' defaults for ticket actions, declared by the ticketing module (app.ts hands them over at start).
usePermissions(productModules().permissions());

const REQUESTER = 'aaaaaaaa-0000-4000-8000-000000000001';
const ASSIGNEE = 'aaaaaaaa-0000-4000-8000-000000000002';
const MEMBER = 'aaaaaaaa-0000-4000-8000-000000000003';
const STRANGER = 'aaaaaaaa-0000-4000-8000-000000000004';
const GROUP = 'bbbbbbbb-0000-4000-8000-000000000001';

const ticket: TicketView = {
  id: 'cccccccc-0000-4000-8000-000000000001',
  number: 'INC-000001',
  title: 't',
  description: null,
  type: 'INCIDENT',
  status: 'NEW',
  statusCategory: 'NEW',
  workflowName: 'Incident',
  impact: 'HIGH',
  urgency: 'HIGH',
  priority: 'P1',
  serviceId: null,
  catalogItemName: null,
  requesterId: REQUESTER,
  assigneeId: ASSIGNEE,
  groupId: GROUP,
  createdAt: 0,
  updatedAt: 0,
  deletedAt: null,
};
const groups = { isMember: (groupId: string, userId: string) => groupId === GROUP && userId === MEMBER };
const viewer = (userId: string, role: Role = 'user'): Viewer => ({ userId, username: userId.slice(-4), role, sessionId: 's' });

const Y = true;
const N = false;
// action: requester, assignee, group member, operator, admin (docs/ticketing-roles.md)
const TABLE: Record<TicketAction, [boolean, boolean, boolean, boolean, boolean]> = {
  read: [Y, Y, Y, Y, Y],
  update: [Y, Y, Y, Y, Y],
  comment: [Y, Y, Y, Y, Y],
  transition: [N, Y, Y, Y, Y],
  assign: [N, Y, Y, Y, Y],
  delete: [N, N, N, Y, Y],
  restore: [N, N, N, N, Y],
  attach: [Y, Y, Y, Y, Y],
  watch: [Y, Y, Y, Y, Y],
  link: [N, Y, Y, Y, Y],
  logWork: [N, Y, Y, Y, Y],
};
const PEOPLE: Array<[string, Viewer]> = [
  ['requester', viewer(REQUESTER)],
  ['assignee', viewer(ASSIGNEE)],
  ['group member', viewer(MEMBER)],
  ['operator', viewer(STRANGER, 'operator')],
  ['admin', viewer(STRANGER, 'admin')],
];

describe('ticket roles', () => {
  it('the table covers every action of the contract', () => {
    assert.deepEqual(Object.keys(TICKET_PERMISSIONS).sort(), [...TICKET_ACTIONS].sort());
  });

  for (const action of TICKET_ACTIONS) {
    PEOPLE.forEach(([who, person], i) => {
      const allowed = TABLE[action][i]!;
      it(`${who} ${allowed ? 'may' : 'may not'} ${action}`, () => {
        assert.equal(mayAct(person, ticket, action, groups), allowed);
        if (allowed) assert.equal(checkAction(person, ticket, ticket.id, action, groups), ticket);
        else
          assert.throws(
            () => checkAction(person, ticket, ticket.id, action, groups),
            (e: unknown) => e instanceof AppError && e.code === 'FORBIDDEN' && /INC-000001/.test(e.message),
          );
      });
    });
  }

  it('a user with no standing is told the ticket does not exist, whatever the action', () => {
    for (const action of TICKET_ACTIONS) {
      assert.throws(
        () => checkAction(viewer(STRANGER), ticket, ticket.id, action, groups),
        (e: unknown) => e instanceof AppError && e.code === 'NOT_FOUND',
      );
    }
  });

  it('an unknown ticket is NOT_FOUND', () => {
    assert.throws(
      () => checkAction(viewer(STRANGER, 'admin'), undefined, 'x', 'read', groups),
      (e: unknown) => e instanceof AppError && e.code === 'NOT_FOUND',
    );
  });

  it('a deleted ticket is NOT_FOUND for every action but restore, which the admin may take', () => {
    const deleted = { ...ticket, deletedAt: 1 };
    for (const [, person] of PEOPLE) {
      for (const action of TICKET_ACTIONS.filter((a) => a !== 'restore')) {
        assert.throws(
          () => checkAction(person, deleted, ticket.id, action, groups),
          (e: unknown) => e instanceof AppError && e.code === 'NOT_FOUND',
        );
      }
    }
    assert.equal(checkAction(viewer(STRANGER, 'admin'), deleted, ticket.id, 'restore', groups), deleted);
    assert.throws(
      () => checkAction(viewer(STRANGER, 'operator'), deleted, ticket.id, 'restore', groups),
      (e: unknown) => e instanceof AppError && e.code === 'FORBIDDEN',
    );
  });

  it('a ticket without a group gives no one a group standing', () => {
    assert.equal(mayAct(viewer(MEMBER), { ...ticket, groupId: null }, 'read', groups), false);
  });
});
