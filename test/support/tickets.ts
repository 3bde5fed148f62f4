/**
 * Ticketing helpers for integration tests: a licensed server's env, the GraphQL documents of the
 * ticket core, and people with a standing towards tickets (requester, assignee, group member).
 */
import assert from 'node:assert/strict';
import type { Clock } from '../../src/platform/scheduler/index.js';
import { ADMIN_PASSWORD, ADMIN_USERNAME, gql, personWithRole, signIn, type SignedIn } from './graphql.js';
import { LICENSE_ENV, licenseToken } from './license.js';
import type { TestServer } from './testServer.js';
import { WEBHOOK_ENV } from './webhooks.js';

/** Env of a server with the ticketing plugin licensed (and webhooks to 127.0.0.1 allowed). */
export const ticketingEnv = (clock: Clock): Record<string, string> => ({
  ...LICENSE_ENV,
  ...WEBHOOK_ENV,
  SVC_LICENSE_KEY: licenseToken(clock),
});

export const TICKET_FIELDS = `id number title description type status statusCategory workflowName availableTransitions impact urgency priority
  serviceId catalogItemName requesterId assigneeId groupId responseDueAt resolutionDueAt minutesUntilDue slaPaused responseBreached
  resolutionBreached respondedAt resolvedAt createdAt updatedAt deletedAt`;

export const CREATE_TICKET = `mutation($i: CreateTicketInput!) { createTicket(input: $i) { ${TICKET_FIELDS} } }`;
export const UPDATE_TICKET = `mutation($id: ID!, $i: UpdateTicketInput!) { updateTicket(id: $id, input: $i) { ${TICKET_FIELDS} } }`;
export const TRANSITION_TICKET = `mutation($id: ID!, $t: String!) { transitionTicket(id: $id, transition: $t) { ${TICKET_FIELDS} } }`;
export const ASSIGN_TICKET = `mutation($id: ID!, $a: ID, $g: ID) { assignTicket(id: $id, assigneeId: $a, groupId: $g) { ${TICKET_FIELDS} } }`;
export const ticketMutation = (name: string) => `mutation($id: ID!) { ${name}(id: $id) { ${TICKET_FIELDS} } }`;
export const DELETE_TICKET = 'mutation($id: ID!) { deleteTicket(id: $id) }';
export const TICKET = `query($id: ID!) { ticket(id: $id) { ${TICKET_FIELDS} } }`;
export const TICKETS = `query($f: TicketFilter, $s: TicketSort, $l: Int, $o: Int) { tickets(filter: $f, sort: $s, limit: $l, offset: $o) { id number } ticketCount(filter: $f) }`;

type Person = SignedIn & { readonly username: string; readonly password: string };

export interface TicketPeople {
  readonly admin: Person;
  readonly operator: Person;
  readonly requester: Person;
  readonly assignee: Person;
  readonly member: Person;
  readonly stranger: Person;
  readonly groupId: string;
}

const ROLES = ['admin', 'operator', 'requester', 'assignee', 'member', 'stranger'] as const;

/**
 * Access tokens live 15 minutes of the (manual) clock: after moving it further, sign everyone in
 * again. Mutates `people` so the tests' references stay valid.
 */
export async function signInAgain(t: TestServer, people: TicketPeople): Promise<void> {
  await Promise.all(
    ROLES.map(async (role) => {
      const p = people[role];
      (people as any)[role] = { ...(await signIn(t, p.username, p.password)), username: p.username, password: p.password };
    }),
  );
}

/** One of each standing; `member` belongs to the group `groupId`. */
export async function ticketPeople(t: TestServer, admin: SignedIn, prefix: string): Promise<TicketPeople> {
  const [operator, requester, assignee, member, stranger] = await Promise.all([
    personWithRole(t, admin, 'OPERATOR', `${prefix}-operator`),
    personWithRole(t, admin, 'USER', `${prefix}-requester`),
    personWithRole(t, admin, 'USER', `${prefix}-assignee`),
    personWithRole(t, admin, 'USER', `${prefix}-member`),
    personWithRole(t, admin, 'USER', `${prefix}-stranger`),
  ]);
  const group = await gql(
    t,
    'mutation($i: CreateGroupInput!) { createGroup(input: $i) { id } }',
    { i: { name: `${prefix}-desk` } },
    admin.accessToken,
  );
  assert.equal(group.errors, undefined, group.text);
  const groupId = group.data.createGroup.id;
  const added = await gql(
    t,
    'mutation($g: ID!, $u: ID!) { addUserToGroup(groupId: $g, userId: $u) { id } }',
    { g: groupId, u: member.userId },
    admin.accessToken,
  );
  assert.equal(added.errors, undefined, added.text);
  return {
    admin: { ...admin, username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
    operator,
    requester,
    assignee,
    member,
    stranger,
    groupId,
  };
}

/** createTicket as `who`; fails the test on errors. */
export async function createTicket(t: TestServer, who: SignedIn, input: Record<string, unknown> = {}): Promise<any> {
  const res = await gql(
    t,
    CREATE_TICKET,
    { i: { title: 'Checkout returns 502', type: 'INCIDENT', impact: 'HIGH', urgency: 'HIGH', ...input } },
    who.accessToken,
  );
  assert.equal(res.errors, undefined, res.text);
  return res.data.createTicket;
}

/** A ticket of `requester`, in group `groupId`, assigned to `assigneeId` (by the admin). */
export async function ticketOf(t: TestServer, people: TicketPeople, input: Record<string, unknown> = {}): Promise<any> {
  const ticket = await createTicket(t, people.requester, input);
  const res = await gql(t, ASSIGN_TICKET, { id: ticket.id, a: people.assignee.userId, g: people.groupId }, people.admin.accessToken);
  assert.equal(res.errors, undefined, res.text);
  return res.data.assignTicket;
}

/** A health push that creates (or reports) a service; its id. */
export async function serviceId(t: TestServer, name: string): Promise<string> {
  const res = await t.call('POST', '/api/v1/health/report', { service: name, nodeId: 'eu/prod/shop', status: 'OPERATIONAL' });
  assert.equal(res.status, 200, res.text);
  return res.json.serviceId;
}
